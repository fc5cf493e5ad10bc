import { createHash, randomUUID } from 'node:crypto';
import type { ApplicationInput, EnquiryInput, LeadFile, LeadType } from '../../src/content/types.gen.ts';
import type { Kysely } from 'kysely';
import {
  checkFormSpam,
  countFormPost,
  type FormArrival,
  type FormIntake,
  consentChanged,
  isUniqueViolation,
  type LeadFacts,
  type SpamVerdict,
  tokenUsedBefore,
} from '../forms/index.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import { attributionColumns, emailKey, insertLead, readLead, setArrivalStatus, type LeadRow } from './lead-store.ts';
import type { Database } from '../store/schema.ts';
import { defaultNoticesPerHour, floodReason } from '../mail/index.ts';
import { queueLeadNotice } from './lead-notices.ts';
import { singleLine } from '../../src/domain/single-line.ts';

export interface CvUpload {
  fileName: string;
  mimeType: LeadFile['mimeType'];
  data: Buffer;
}

/**
 * An address a `mailto:` link reads as one recipient and nothing more: letters, digits and `. _ ' + -` before the @
 * (no `?`, `&`, `=` or `%`, which would add copies or a body), and a domain name after it. JSON Schema's "email" format
 * allows far more.
 */
export const strictEmail =
  /^[A-Za-z0-9._'+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The rules both lead forms add to their schemas: a name that is more than spaces, a strict address. */
function personProblems(input: EnquiryInput | ApplicationInput): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (singleLine(input.name) === '') problems.push({ path: '/name', message: 'must not be empty' });
  // The schema's own message, which the forms already put in words.
  if (!strictEmail.test(input.email.trim())) problems.push({ path: '/email', message: 'must match format "email"' });
  return problems;
}

/** The rules the schema cannot say: choices from content (as the form's page offered them), and the person's. */
export function enquiryProblems(input: EnquiryInput, facts: LeadFacts): ErrorDetail[] {
  const problems = personProblems(input);
  const shown = facts.shown('enquiry', input.consentVersion);
  if (!shown) problems.push(consentChanged);
  else {
    if (input.service !== undefined && !shown.services.has(input.service))
      problems.push({ path: '/service', message: "must be one of the site's services" });
    if (input.budget !== undefined && !shown.budgets.has(input.budget))
      problems.push({ path: '/budget', message: 'must be one of the budget ranges offered' });
  }
  if (input.message.trim().length < 10)
    problems.push({ path: '/message', message: 'must NOT have fewer than 10 characters' });
  return problems;
}

/** The words the person's page showed, which the problems above found among the recent builds' (lead-facts.ts). */
function shownConsent(facts: LeadFacts, type: LeadType, version: string | undefined): string {
  const text = facts.shown(type, version)?.consentText;
  if (text === undefined)
    throw new HttpError(400, 'Some fields need your attention: see each one below.', [consentChanged]);
  return text;
}

export function applicationProblems(input: ApplicationInput, facts: LeadFacts): ErrorDetail[] {
  const problems = personProblems(input);
  if (!facts.shown('application', input.consentVersion)) problems.push(consentChanged);
  return problems;
}

const optional = (text: string | undefined): string | null => (text && singleLine(text)) || null;

function leadRow(type: LeadType, input: EnquiryInput | ApplicationInput, consentText: string, now: string): LeadRow {
  const enquiry = type === 'enquiry' ? (input as EnquiryInput) : undefined;
  const application = type === 'application' ? (input as ApplicationInput) : undefined;
  return {
    id: randomUUID(),
    type,
    status: 'new',
    name: singleLine(input.name),
    email: input.email.trim(),
    email_key: emailKey(input.email),
    phone: optional(input.phone),
    company: optional(enquiry?.company),
    service: enquiry?.service ?? null,
    budget: enquiry?.budget ?? null,
    message: enquiry ? enquiry.message.trim() : null,
    role: optional(application?.role),
    cover_letter: optional(application?.coverLetter),
    consent_text: consentText,
    ...attributionColumns(input.attribution),
    spam_reason: null,
    created_at: now,
    updated_at: now,
  };
}

/** A lead form posted without JavaScript and without a token: kept out of sight until its sender confirms it. */
export const awaitingConfirmation = 'sent without a form token: not confirmed by its sender';

export interface AcceptedLead {
  id: string;
  spam: boolean;
  /** Held until its sender confirms it (lead-confirmation.ts): a plain form post that came without a token. */
  held: boolean;
}

/** Stores the notice of a lead that became `new`, or, past the hourly limit, makes it spam: in its transaction. */
export async function noticeOrFlood(
  trx: Kysely<Database>,
  intake: FormIntake,
  id: string,
  now: Date,
): Promise<boolean> {
  if (!intake.mail) return true;
  const perHour = intake.noticesPerHour ?? defaultNoticesPerHour;
  const lead = (await readLead(trx, id))!;
  if (await queueLeadNotice(trx, lead, { facts: intake.facts, origin: intake.origin, perHour }, now)) return true;
  await setArrivalStatus(trx, id, 'spam', floodReason(perHour), now.toISOString());
  return false;
}

/**
 * Stores a lead, the post counted against its address (with the token it used up) and, unless it is spam or mail is
 * off, its notification, in one transaction: once this returns, the lead is committed and its mail will be delivered.
 * Spam is kept with status `spam` and notifies nobody; the caller answers it as any other success. A plain form post
 * without a token is held (as spam, until its sender confirms it): the caller answers with the confirmation page.
 */
export async function acceptLead(
  intake: FormIntake,
  type: LeadType,
  input: EnquiryInput | ApplicationInput,
  arrival: FormArrival,
  cv?: CvUpload,
): Promise<AcceptedLead> {
  const now = intake.clock();
  const { facts } = intake;
  const texts =
    type === 'enquiry'
      ? [(input as EnquiryInput).message, (input as EnquiryInput).company, input.name]
      : [(input as ApplicationInput).coverLetter, (input as ApplicationInput).role, input.name];
  const verdict = await checkFormSpam(intake, type, input, arrival, texts, now);
  const held = verdict.reason === null && !input.formToken;
  const consentText = shownConsent(facts, type, input.consentVersion);
  const file = cv && {
    file_name: cv.fileName.slice(0, 255) || 'cv',
    mime_type: cv.mimeType,
    bytes: cv.data.length,
    sha256: createHash('sha256').update(cv.data).digest('hex'),
    created_at: now.toISOString(),
    data: cv.data,
  };
  const store = ({ reason, tokenKey }: SpamVerdict) =>
    intake.db.transaction().execute(async (trx) => {
      const row = leadRow(type, input, consentText, now.toISOString());
      const spamReason = held ? awaitingConfirmation : reason;
      if (spamReason !== null) Object.assign(row, { status: 'spam', spam_reason: spamReason });
      await insertLead(trx, row, randomUUID(), file);
      await countFormPost(trx, intake.formKey, { form: type, address: arrival.address, tokenKey }, now);
      const notified = spamReason === null && (await noticeOrFlood(trx, intake, row.id, now));
      return { id: row.id, spam: !notified, held };
    });
  let accepted: AcceptedLead;
  try {
    accepted = await store(verdict);
  } catch (error) {
    // Another post used the same token between the check and now.
    if (!isUniqueViolation(error)) throw error;
    accepted = await store({ reason: tokenUsedBefore, tokenKey: null });
  }
  if (!accepted.spam) intake.mail?.wake();
  return accepted;
}
