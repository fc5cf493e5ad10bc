import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/**
 * What an erasure removes besides each feature's own records of an address (leads, comments, subscribers, refused
 * forms): the outbox's mails that name it (sent to it, answering it, or telling of it), the requests for sign-in
 * links and the failed sign-ins typed with it, invitations to it never accepted, and the address in the audit log's
 * targets (an invitation's entry), which becomes a placeholder so that the entry itself stays.
 */

export const erasedTarget = 'an erased address';

const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The address as a whole word of a text: not the tail of a longer address, nor the head of a longer domain. */
const naming = (emailKey: string): RegExp =>
  new RegExp(`(?<![\\w.%+-])${emailKey.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-]*\\w)`, 'i');

async function deleteOutboxMailsNaming(db: Kysely<Database>, emailKey: string): Promise<void> {
  const pattern = likeAnywhere(emailKey);
  const like = (column: 'recipients' | 'reply_to' | 'text') =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const candidates = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipients', 'reply_to', 'text', 'subject', 'html'])
    .where((eb) => eb.or([like('recipients'), like('reply_to'), like('text')]))
    .execute();
  const word = naming(emailKey);
  const ids = candidates
    .filter((mail) =>
      [mail.recipients, mail.reply_to, mail.text, mail.subject, mail.html].some((t) => t && word.test(t)),
    )
    .map((mail) => mail.id);
  if (ids.length > 0) await db.deleteFrom('mail_outbox').where('id', 'in', ids).execute();
}

export async function eraseTracesOfEmail(db: Kysely<Database>, emailKey: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteOutboxMailsNaming(trx, emailKey);
    await trx.deleteFrom('sign_in_links').where('email_key', '=', emailKey).execute();
    await trx.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
    await trx
      .deleteFrom('invitations')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
      .where('accepted_at', 'is', null)
      .execute();
    await trx
      .updateTable('audit_log')
      .set({ target: erasedTarget })
      .where((eb) => eb(eb.fn('lower', ['target']), '=', emailKey))
      .execute();
  });
}
