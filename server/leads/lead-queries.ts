import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { LeadListQuery, LeadStatus } from '../../src/content/types.gen.ts';
import type { LeadRow } from './lead-store.ts';
import type { Database } from '../store/schema.ts';

/** The filters of GET /api/leads and its CSV export. */
export type LeadFilter = Omit<LeadListQuery, 'limit' | 'offset'>;

const searchedColumns = ['name', 'email', 'company', 'message', 'role', 'cover_letter'] as const;

/** LIKE's own characters, taken literally. */
const likePattern = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function matchesWord(eb: ExpressionBuilder<Database, 'leads'>, word: string): Expression<SqlBool> {
  const pattern = likePattern(word);
  return eb.or(searchedColumns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}

/** Days are UTC days: `to` includes the whole of its day. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

function filtered(db: Kysely<Database>, filter: LeadFilter) {
  let query = db.selectFrom('leads');
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.service !== undefined) query = query.where('service', '=', filter.service);
  if (filter.from !== undefined) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to !== undefined) query = query.where('created_at', '<', dayAfter(filter.to));
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean)) {
    query = query.where((eb) => matchesWord(eb, word));
  }
  return query;
}

/** Newest first. */
export function listLeadRows(
  db: Kysely<Database>,
  filter: LeadFilter,
  page: { limit: number; offset: number },
): Promise<LeadRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countLeads(db: Kysely<Database>, filter: LeadFilter): Promise<number> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export interface LeadChange {
  status?: LeadStatus;
  note?: string;
  /** The admin who made the change. */
  by: string;
  at: string;
}

/**
 * Applies a status change (recorded in the history only when the status really changes) and a note, together.
 * False when there is no such lead.
 */
export async function changeLead(db: Kysely<Database>, id: string, change: LeadChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').select('status').where('id', '=', id).executeTakeFirst();
    if (lead === undefined) return false;
    if (change.status !== undefined && change.status !== lead.status) {
      await trx
        .updateTable('leads')
        .set({ status: change.status, updated_at: change.at })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('lead_status_changes')
        .values({ id: randomUUID(), lead_id: id, at: change.at, changed_by: change.by, status: change.status })
        .execute();
    }
    if (change.note !== undefined) {
      await trx
        .insertInto('lead_notes')
        .values({ id: randomUUID(), lead_id: id, at: change.at, author: change.by, text: change.note })
        .execute();
      await trx.updateTable('leads').set({ updated_at: change.at }).where('id', '=', id).execute();
    }
    return true;
  });
}

export interface Removed {
  leads: number;
  cvs: number;
}

/** Deletes leads with their notes, history, CVs and the notifications about them, in one transaction. */
export async function deleteLeads(db: Kysely<Database>, ids: readonly string[]): Promise<Removed> {
  if (ids.length === 0) return { leads: 0, cvs: 0 };
  return db.transaction().execute(async (trx) => {
    const cvs = await trx.deleteFrom('lead_files').where('lead_id', 'in', ids).executeTakeFirst();
    await trx.deleteFrom('lead_notes').where('lead_id', 'in', ids).execute();
    await trx.deleteFrom('lead_status_changes').where('lead_id', 'in', ids).execute();
    const about = ids.map((id) => `lead:${id}`);
    await trx.deleteFrom('mail_outbox').where('about', 'in', about).execute();
    const leads = await trx.deleteFrom('leads').where('id', 'in', ids).executeTakeFirst();
    return { leads: Number(leads.numDeletedRows), cvs: Number(cvs.numDeletedRows) };
  });
}

/** Every lead of one e-mail address key (see emailKey), newest first. */
export function leadRowsOfEmail(db: Kysely<Database>, key: string): Promise<LeadRow[]> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('email_key', '=', key)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Leads that arrived before the cut-off, whatever their status, oldest first. */
export async function leadIdsBefore(db: Kysely<Database>, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
