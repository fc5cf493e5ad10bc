import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface FailureCount {
  count: number;
  /** The oldest failure counted, or null when there is none. */
  oldest: string | null;
}

export async function recordLoginFailure(db: Kysely<Database>, emailKey: string, ip: string, failedAt: string) {
  await db.insertInto('login_failures').values({ email_key: emailKey, ip, failed_at: failedAt }).execute();
}

async function countSince(
  db: Kysely<Database>,
  column: 'email_key' | 'ip',
  value: string,
  since: string,
): Promise<FailureCount> {
  const { count, oldest } = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where(column, '=', value)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(count), oldest: oldest ?? null };
}

export function countAccountFailuresSince(db: Kysely<Database>, emailKey: string, since: string) {
  return countSince(db, 'email_key', emailKey, since);
}

export function countAddressFailuresSince(db: Kysely<Database>, ip: string, since: string) {
  return countSince(db, 'ip', ip, since);
}

export async function clearAccountFailures(db: Kysely<Database>, emailKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
}

export async function deleteFailuresBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
}
