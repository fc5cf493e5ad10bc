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
import { defaultSignupMailCaps, takeSignupMail, type SignupMailCaps } from './signup-mail-caps.ts';
import { subscribedNoteMail } from './subscribed-note-email.ts';
import {
  activateConfirmed,
  insertSubscriber,
  mailedAboutSince,
  subscriberByEmailKey,
  subscriberById,
  updateSubscriber,
  type SubscriberRow,
} from './subscriber-store.ts';
import {
  confirmationLifetimeMs,
  confirmationToken,
  readConfirmationToken,
  unsubscribeToken,
} from './subscriber-tokens.ts';

/**
 * What the newsletter's public side needs: the forms' intake (spam, limits, mail, and the consent the signup showed,
 * stored with each subscriber word for word), and its signing key.
 */
export interface NewsletterContext {
  intake: FormIntake;
  /** Signs confirmation and unsubscribe links. */
  key: Buffer;
  /** Caps on the mails that signups send; defaultSignupMailCaps unless set. */
  signupMailCaps?: SignupMailCaps;
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
 * Subscribes an address, answered the same whether it was known or not: a new address becomes pending and gets a
 * confirmation link (queued in the transaction that stores it); a pending, unsubscribed or bounced one gets a new link
 * unless one went out in the last ten minutes (only that link makes a departed one active again, and records its
 * consent); an active one gets a short note saying so, at most one a day. Past the caps on the signup's mails nothing
 * is mailed: a new address is stored pending, held, without a link. Spam stores nobody and sends nothing. A form sent
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
    intake.db.transaction().execute(async (trx): Promise<{ spam: boolean; stored: Stored }> => {
      await countFormPost(trx, intake.formKey, { form: newsletterForm, address: arrival.address, tokenKey }, now);
      if (reason !== null) return { spam: true, stored: { mailed: false } };
      return { spam: false, stored: await storeSubscription(trx, context, input, arrival.address, now) };
    });
  let result: { spam: boolean; stored: Stored };
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
  const { active } = result.stored;
  const mailed =
    result.stored.mailed || (active !== undefined && (await mailSubscribedNote(context, active, arrival.address, now)));
  if (mailed) intake.mail?.wake();
  return result.spam ? 'spam' : 'accepted';
}

/** What storing a signup did: whether it queued a link, or found the address active (its note is queued after). */
interface Stored {
  mailed: boolean;
  active?: SubscriberRow;
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
  address: string,
  now: Date,
): Promise<Stored> {
  const at = now.toISOString();
  const key = emailKey(input.email);
  const known = await subscriberByEmailKey(trx, key);
  const name = (input.name && singleLine(input.name).slice(0, 100)) || null;
  const consent = {
    consent_text: shownConsent(context, input),
    consent_basis: 'form',
    consented_at: at,
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
      confirm_sent_at: null,
      confirmed_at: null,
      unsubscribed_at: null,
      created_at: at,
    };
    await insertSubscriber(trx, row);
    return { mailed: await mailNewLink(trx, context, row, address, now) };
  }
  if (known.status === 'active') return { mailed: false, active: known };
  // A departed reader's consent is recorded by the link alone: whoever typed the address cannot record it.
  if (known.status === 'pending' && !sentRecently(known, now)) {
    await updateSubscriber(trx, known.id, { ...consent, name: name ?? known.name });
  }
  return { mailed: await mailNewLink(trx, context, known, address, now) };
}

const sentRecently = (subscriber: Pick<SubscriberRow, 'confirm_sent_at'>, now: Date): boolean =>
  subscriber.confirm_sent_at !== null && now.getTime() - Date.parse(subscriber.confirm_sent_at) < confirmationResendMs;

/**
 * Mails a subscriber not yet or no longer active a new confirmation link, in the caller's transaction: not when one
 * went out in the last ten minutes, nor past the caps on the signup's mails (the subscriber is then left as it was).
 * True when a link was queued. Without SMTP_URL nothing is mailed, and the row records the link it would have sent.
 */
export async function mailNewLink(
  trx: Kysely<Database>,
  context: NewsletterContext,
  subscriber: Pick<SubscriberRow, 'id' | 'email' | 'confirm_sent_at'>,
  address: string,
  now: Date,
): Promise<boolean> {
  if (sentRecently(subscriber, now)) return false;
  const { intake } = context;
  const at = now.toISOString();
  const caps = context.signupMailCaps ?? defaultSignupMailCaps;
  if (intake.mail !== null && !(await takeSignupMail(trx, intake.formKey, address, caps, now))) return false;
  await updateSubscriber(trx, subscriber.id, { confirm_sent_at: at, updated_at: at });
  await queueConfirmation(trx, context, subscriber, now);
  return intake.mail !== null;
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
    await confirmationMail({ id: subscriber.id, to: subscriber.email, url, brandName: context.intake.facts.brandName }),
    now,
  );
}

/** A reader already subscribed is told so at most this often, however often the address is typed into the form. */
export const subscribedNoteIntervalMs = 24 * 60 * 60 * 1000;

/**
 * Queues the note that tells an active reader its address is subscribed already, with its unsubscribe link: at most
 * one a day for an address, within the caps on the signup's mails. True when queued.
 */
async function mailSubscribedNote(
  context: NewsletterContext,
  subscriber: SubscriberRow,
  address: string,
  now: Date,
): Promise<boolean> {
  const { intake } = context;
  if (intake.mail === null) return false;
  const token = unsubscribeToken(context.key, subscriber.id);
  const mail = await subscribedNoteMail({
    id: subscriber.id,
    to: subscriber.email,
    brandName: intake.facts.brandName,
    origin: intake.origin,
    unsubscribeUrl: `${intake.origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  });
  return intake.db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - subscribedNoteIntervalMs).toISOString();
    if (await mailedAboutSince(trx, subscriber.id, since)) return false;
    const caps = context.signupMailCaps ?? defaultSignupMailCaps;
    if (!(await takeSignupMail(trx, intake.formKey, address, caps, now))) return false;
    await enqueueMail(trx, mail, now);
    return true;
  });
}

export type ConfirmOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

/**
 * Confirms a subscription with the link last e-mailed for it, within 48 hours and once. A link used already, or
 * replaced by a newer one, is `used`; one too old, or whose subscriber was deleted unconfirmed, is `expired`. A
 * departed reader (unsubscribed, bounced) confirmed is active again, with the consent the signup and the unsubscribe
 * page show recorded now.
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
  if (subscriber.status === 'active' || subscriber.confirm_sent_at !== sentAt) return 'used';
  if (now.getTime() - read.signedAt.getTime() > confirmationLifetimeMs) return 'expired';
  const at = now.toISOString();
  const consent =
    subscriber.status === 'pending'
      ? {}
      : {
          consent_text: context.intake.facts.newsletterConsentText,
          consent_basis: 'form',
          consented_at: at,
          unsubscribed_at: null,
        };
  return (await activateConfirmed(db, subscriber, sentAt, at, consent)) ? 'confirmed' : 'used';
}
