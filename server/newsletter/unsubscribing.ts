import type { NewsletterContext } from './subscriptions.ts';
import { subscriberById, updateSubscriber } from './subscriber-store.ts';
import { readUnsubscribeToken } from './subscriber-tokens.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

/**
 * Unsubscribes the subscriber an unsubscribe link names, at once and for every send still in progress (each message
 * is sent only to those active when its turn comes). Idempotent; an erased subscriber is unsubscribed already.
 */
export async function unsubscribe(context: NewsletterContext, token: string | undefined): Promise<UnsubscribeOutcome> {
  const id = readUnsubscribeToken(context.key, token);
  if (id === null) return 'invalid';
  const { db, clock } = context.intake;
  const subscriber = await subscriberById(db, id);
  if (subscriber === undefined || subscriber.status === 'unsubscribed') return 'unsubscribed';
  const at = clock().toISOString();
  await updateSubscriber(db, id, {
    status: 'unsubscribed',
    unsubscribed_at: at,
    confirm_sent_at: null,
    updated_at: at,
  });
  return 'unsubscribed';
}

export type ResubscribeOutcome = 'active' | 'invalid' | 'subscribe-again';

/**
 * Takes back an unsubscription from the same link: the address was confirmed before, and the link reached it, so it
 * is active again at once. An address never confirmed, bounced or erased must subscribe from the form again.
 */
export async function resubscribe(context: NewsletterContext, token: string | undefined): Promise<ResubscribeOutcome> {
  const id = readUnsubscribeToken(context.key, token);
  if (id === null) return 'invalid';
  const { db, clock } = context.intake;
  const subscriber = await subscriberById(db, id);
  if (subscriber === undefined || subscriber.confirmed_at === null || subscriber.status === 'bounced') {
    return 'subscribe-again';
  }
  if (subscriber.status === 'active') return 'active';
  const at = clock().toISOString();
  await updateSubscriber(db, id, {
    status: 'active',
    unsubscribed_at: null,
    consented_at: at,
    consent_basis: 'form: resubscribed from an unsubscribe link',
    updated_at: at,
  });
  return 'active';
}
