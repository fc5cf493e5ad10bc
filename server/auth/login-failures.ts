import type { Kysely, Selectable } from 'kysely';
import type { Database, LoginFailureTable } from '../store/schema.ts';

export type LoginFailure = Selectable<LoginFailureTable>;

export interface FailureCount {
  count: number;
  /** The oldest failure counted, or null when there is none. */
  oldest: string | null;
}

export async function insertLoginFailure(db: Kysely<Database>, failure: LoginFailure): Promise<void> {
  await db.insertInto('login_failures').values(failure).execute();
}

export async function deleteLoginFailure(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Failures since `since` matching every given column: an account, an address, both, or a device. */
export async function countFailuresSince(
  db: Kysely<Database>,
  match: Partial<Pick<LoginFailure, 'email_key' | 'ip' | 'device_id'>>,
  since: string,
): Promise<FailureCount> {
  let query = db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('failed_at', '>', since);
  for (const [column, value] of Object.entries(match) as ['email_key' | 'ip' | 'device_id', string][]) {
    query = query.where(column, '=', value);
  }
  const { count, oldest } = await query.executeTakeFirstOrThrow();
  return { count: Number(count), oldest: oldest ?? null };
}

/** Failures since `since` of every browser that held no device cookie, from any address and for any account. */
export async function countUntrustedFailuresSince(db: Kysely<Database>, since: string): Promise<FailureCount> {
  const { count, oldest } = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('failed_at', '>', since)
    .where('device_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(count), oldest: oldest ?? null };
}

export async function deleteAccountFailures(db: Kysely<Database>, emailKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
}

export async function deleteFailuresBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
}
