import type { Kysely, Selectable } from 'kysely';
import type { AuditQuery } from '../../src/content/types.gen.ts';
import type { AuditLogTable, Database } from '../store/schema.ts';

export type AuditRow = Selectable<AuditLogTable>;

/** The filters of GET /api/audit. */
export type AuditFilter = Pick<AuditQuery, 'action' | 'actor'>;

export async function insertAuditRow(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

function filtered(db: Kysely<Database>, { action, actor }: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (action !== undefined) query = query.where('action', '=', action);
  if (actor !== undefined) query = query.where('actor', '=', actor);
  return query;
}

/** Newest first. */
export async function listAuditRows(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAuditRows(db: Kysely<Database>, filter: AuditFilter): Promise<number> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function deleteAuditRowsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
