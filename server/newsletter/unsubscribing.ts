import { mailNewLink, type NewsletterContext } from './subscriptions.ts';
import { subscriberById, updateSubscriber } from './subscriber-store.ts';
import { readUnsubscribeToken } from './subscriber-tokens.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

/**
 * Unsubscribes the subscriber an unsubscribe link names, at once and for every send still in progress (each message
 * is sent only to those active when its turn comes). Idempotent, but for withdrawing a confirmation link asked for
 * since; an erased subscriber is unsubscribed already.
 */
export async function unsubscribe(context: NewsletterContext, token: string | undefined): Promise<UnsubscribeOutcome> {
  const id = readUnsubscribeToken(context.key, token);
  if (id === null) return 'invalid';
  const { db, clock } = context.intake;
  const subscriber = await subscriberById(db, id);
  if (subscriber === undefined) return 'unsubscribed';
  const at = clock().toISOString();
  if (subscriber.status === 'unsubscribed') {
    // A link asked for with "Subscribe again" and not yet opened is withdrawn with it.
    if (subscriber.confirm_sent_at !== null) await updateSubscriber(db, id, { confirm_sent_at: null, updated_at: at });
    return 'unsubscribed';
  }
  await updateSubscriber(db, id, {
    status: 'unsubscribed',
    unsubscribed_at: at,
    confirm_sent_at: null,
    updated_at: at,
  });
  return 'unsubscribed';
}

export type ResubscribeOutcome = 'asked' | 'invalid' | 'subscribe-again';

/**
 * "Subscribe again" on the page an unsubscribe link leads to: a fresh double opt-in, never the link alone (which works
 * for ever, and may be in a forwarded message). The address is e-mailed a new confirmation link, within the same
 * limits as a signup's; the reader stays unsubscribed, and no consent is recorded, until that link is opened. `asked`
 * whatever became of it (an active reader needs nothing); an erased subscriber must use the signup form.
 */
export async function resubscribe(
  context: NewsletterContext,
  token: string | undefined,
  address: string,
): Promise<ResubscribeOutcome> {
  const id = readUnsubscribeToken(context.key, token);
  if (id === null) return 'invalid';
  const { db, clock, mail } = context.intake;
  const subscriber = await subscriberById(db, id);
  if (subscriber === undefined) return 'subscribe-again';
  if (subscriber.status === 'active') return 'asked';
  const now = clock();
  const mailed = await db.transaction().execute((trx) => mailNewLink(trx, context, subscriber, address, now));
  if (mailed) mail?.wake();
  return 'asked';
}
