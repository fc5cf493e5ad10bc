import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface FormPostCount {
  count: number;
  /** The oldest post counted, or null when there is none. */
  oldest: string | null;
}

/** Posts to `form` from one sender (its keyed hash) since a moment. */
export async function countFormPostsSince(
  db: Kysely<Database>,
  form: string,
  addressKey: string,
  since: string,
): Promise<FormPostCount> {
  const { count, oldest } = await db
    .selectFrom('form_posts')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('posted_at').as('oldest')])
    .where('address', '=', addressKey)
    .where('form', '=', form)
    .where('posted_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(count), oldest: oldest ?? null };
}

export async function insertFormPost(
  db: Kysely<Database>,
  post: { id: string; form: string; address: string; posted_at: string; token: string | null },
): Promise<void> {
  await db.insertInto('form_posts').values(post).execute();
}

/** Whether a post already used this form token (by its hash). */
export async function formTokenUsed(db: Kysely<Database>, tokenKey: string): Promise<boolean> {
  const row = await db.selectFrom('form_posts').select('id').where('token', '=', tokenKey).executeTakeFirst();
  return row !== undefined;
}

export async function deleteFormPostsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('form_posts').where('posted_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
