import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SubscriberInput } from '../../src/content/types.gen.ts';
import {
  checkFormSpam,
  checkFormToken,
  consentChanged,
  countFormPost,
  fastestPressMs,
  type FormArrival,
  type FormIntake,
  issueFormToken,
  isUniqueViolation,
  type LeadFacts,
  type SpamVerdict,
  timeTrapOf,
  tokenUsedBefore,
} from '../forms/index.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import { attributionColumns, emailKey, singleLine, strictEmail } from '../leads/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Database } from '../store/schema.ts';
import { confirmationMail } from './newsletter-mail.ts';
import {
  activatePending,
  insertSubscriber,
  subscriberByEmailKey,
  subscriberById,
  updateSubscriber,
  type SubscriberRow,
} from './subscriber-store.ts';
import { confirmationLifetimeMs, confirmationToken, readConfirmationToken } from './subscriber-tokens.ts';

/**
 * What the newsletter's public side needs: the forms' intake (spam, limits, mail, and the consent the signup showed,
 * stored with each subscriber word for word), and its signing key.
 */
export interface NewsletterContext {
  intake: FormIntake;
  /** Signs confirmation and unsubscribe links. */
  key: Buffer;
}

/** The form's name for its spam tokens and limits. */
export const newsletterForm = 'newsletter';
/** A second confirmation e-mail to one address waits this long: a form cannot be used to flood someone's inbox. */
export const confirmationResendMs = 10 * 60 * 1000;

export function subscriberProblems(input: SubscriberInput, facts: LeadFacts): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!strictEmail.test(input.email.trim())) problems.push({ path: '/email', message: 'must match format "email"' });
  if (!facts.shown('newsletter', input.consentVersion)) problems.push(consentChanged);
  return problems;
}

export type SubscribeOutcome = 'accepted' | 'spam' | 'held' | 'too-fast';

/**
 * The token of a held signup's page: dated so that it passes the time trap a third of it after the page was made (one
 * second in production: pressing a button takes less time than filling in a form), and good for one post like any
 * form token.
 */
export function heldFormToken(intake: Pick<FormIntake, 'formKey' | 'timeTrapMs'>, now: Date): string {
  const timeTrapMs = timeTrapOf(intake);
  return issueFormToken(
    intake.formKey,
    newsletterForm,
    new Date(now.getTime() - timeTrapMs + fastestPressMs(timeTrapMs)),
  );
}

/**
 * Subscribes an address, answered the same whether it was known or not: a new or departed address becomes pending
 * and gets a confirmation link (queued in the transaction that stores it); a pending one gets a new link unless one
 * went out in the last ten minutes; an active one is left as it is. Spam stores nobody and sends nothing. A form sent
 * without JavaScript and without a token is `held`: the caller asks its sender to press a button first (decision 0012).
 */
export async function subscribe(
  context: NewsletterContext,
  input: SubscriberInput,
  arrival: FormArrival,
): Promise<SubscribeOutcome> {
  const { intake } = context;
  const now = intake.clock();
  const verdict = await checkFormSpam(intake, newsletterForm, input, arrival, [input.name], now);
  if (verdict.reason === null && !input.formToken) return 'held';
  // The held page's button pressed at once: asked again rather than dropped, as the person may be quick.
  const tooFast =
    checkFormToken(intake.formKey, newsletterForm, input.formToken, now, timeTrapOf(intake)) === 'too-fast';
  if (arrival.plainFormPost && tooFast) {
    return 'too-fast';
  }
  const store = ({ reason, tokenKey }: SpamVerdict) =>
    intake.db.transaction().execute(async (trx) => {
      await countFormPost(trx, intake.formKey, { form: newsletterForm, address: arrival.address, tokenKey }, now);
      if (reason !== null) return { spam: true, mailed: false };
      return { spam: false, mailed: await storeSubscription(trx, context, input, now) };
    });
  let result: { spam: boolean; mailed: boolean };
  try {
    result = await store(verdict);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same address subscribed at the same moment (the row exists now), or another post used the same token.
    result = await store(verdict).catch((again: unknown) => {
      if (!isUniqueViolation(again)) throw again;
      return store({ reason: tokenUsedBefore, tokenKey: null });
    });
  }
  if (result.mailed) intake.mail?.wake();
  return result.spam ? 'spam' : 'accepted';
}

/** The words the reader's page showed (subscriberProblems found them among the recent builds'). */
function shownConsent(context: NewsletterContext, input: SubscriberInput): string {
  const text = context.intake.facts.shown('newsletter', input.consentVersion)?.consentText;
  if (text === undefined)
    throw new HttpError(400, 'Some fields need your attention: see each one below.', [consentChanged]);
  return text;
}

async function storeSubscription(
  trx: Kysely<Database>,
  context: NewsletterContext,
  input: SubscriberInput,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const key = emailKey(input.email);
  const known = await subscriberByEmailKey(trx, key);
  const name = (input.name && singleLine(input.name).slice(0, 100)) || null;
  const consent = {
    consent_text: shownConsent(context, input),
    consent_basis: 'form',
    consented_at: at,
    confirm_sent_at: at,
    ...attributionColumns(input.attribution),
    updated_at: at,
  };
  if (known === undefined) {
    const row: SubscriberRow = {
      id: randomUUID(),
      email: input.email.trim(),
      email_key: key,
      name,
      status: 'pending',
      ...consent,
      confirmed_at: null,
      unsubscribed_at: null,
      created_at: at,
    };
    await insertSubscriber(trx, row);
    await queueConfirmation(trx, context, row, now);
    return true;
  }
  if (known.status === 'active') return false;
  const recent =
    known.status === 'pending' &&
    known.confirm_sent_at !== null &&
    now.getTime() - Date.parse(known.confirm_sent_at) < confirmationResendMs;
  if (recent) return false;
  await updateSubscriber(trx, known.id, { ...consent, status: 'pending', name: name ?? known.name });
  await queueConfirmation(trx, context, known, now);
  return true;
}

export async function queueConfirmation(
  trx: Kysely<Database>,
  context: NewsletterContext,
  subscriber: Pick<SubscriberRow, 'id' | 'email'>,
  now: Date,
): Promise<void> {
  if (!context.intake.mail) return;
  const token = confirmationToken(context.key, subscriber.id, now);
  const url = `${context.intake.origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    trx,
    confirmationMail({ id: subscriber.id, to: subscriber.email, url, brandName: context.intake.facts.brandName }),
    now,
  );
}

export type ConfirmOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

/**
 * Confirms a subscription with the link last e-mailed for it, within 48 hours and once. A link used already, or
 * replaced by a newer one, is `used`; one too old, or whose subscriber was deleted unconfirmed, is `expired`.
 */
export async function confirmSubscription(
  context: NewsletterContext,
  token: string | undefined,
): Promise<ConfirmOutcome> {
  const read = readConfirmationToken(context.key, token);
  if (read === null) return 'invalid';
  const { db, clock } = context.intake;
  const now = clock();
  const subscriber = await subscriberById(db, read.subscriberId);
  if (subscriber === undefined) return 'expired';
  const sentAt = read.signedAt.toISOString();
  if (subscriber.status !== 'pending' || subscriber.confirm_sent_at !== sentAt) return 'used';
  if (now.getTime() - read.signedAt.getTime() > confirmationLifetimeMs) return 'expired';
  return (await activatePending(db, subscriber.id, sentAt, now.toISOString())) ? 'confirmed' : 'used';
}
