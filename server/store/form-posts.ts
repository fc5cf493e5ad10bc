import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface FormPostCount {
  count: number;
  /** The oldest post counted, or null when there is none. */
  oldest: string | null;
}

export async function countFormPostsSince(
  db: Kysely<Database>,
  form: string,
  address: string,
  since: string,
): Promise<FormPostCount> {
  const { count, oldest } = await db
    .selectFrom('form_posts')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('posted_at').as('oldest')])
    .where('address', '=', address)
    .where('form', '=', form)
    .where('posted_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(count), oldest: oldest ?? null };
}

export async function insertFormPost(
  db: Kysely<Database>,
  post: { id: string; form: string; address: string; posted_at: string },
): Promise<void> {
  await db.insertInto('form_posts').values(post).execute();
}

export async function deleteFormPostsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('form_posts').where('posted_at', '<=', before).execute();
}
