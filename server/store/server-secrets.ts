import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A random 32-byte key kept in the database, so that every server instance shares it; made by whichever instance
 * asks first (the others read what it stored).
 */
export async function sharedKey(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const { value } = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(value, 'base64');
}
