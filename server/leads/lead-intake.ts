import { createHash, randomUUID } from 'node:crypto';
import type { ApplicationInput, EnquiryInput, LeadFile, LeadType } from '../../src/content/types.gen.ts';
import { countFormPost } from '../forms/form-limits.ts';
import { formSpamReason, type FormArrival, type FormIntake } from '../forms/form-intake.ts';
import type { ErrorDetail } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { attributionColumns, emailKey, insertLead, readLead, type LeadRow } from '../store/leads.ts';
import type { LeadFacts } from './lead-facts.ts';
import { leadNotification } from './lead-mail.ts';

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
const strictEmail =
  /^[A-Za-z0-9._'+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The rules both lead forms add to their schemas: a name that is more than spaces, a strict address. */
function personProblems(input: EnquiryInput | ApplicationInput): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (singleLine(input.name) === '') problems.push({ path: '/name', message: 'must not be empty' });
  // The schema's own message, which the forms already put in words.
  if (!strictEmail.test(input.email.trim())) problems.push({ path: '/email', message: 'must match format "email"' });
  return problems;
}

/** The rules the schema cannot say: choices from content, and the person's. */
export function enquiryProblems(input: EnquiryInput, facts: LeadFacts): ErrorDetail[] {
  const problems = personProblems(input);
  if (input.service !== undefined && !facts.services.has(input.service))
    problems.push({ path: '/service', message: "must be one of the site's services" });
  if (input.budget !== undefined && !facts.budgets.includes(input.budget))
    problems.push({ path: '/budget', message: 'must be one of the budget ranges offered' });
  if (input.message.trim().length < 10)
    problems.push({ path: '/message', message: 'must NOT have fewer than 10 characters' });
  return problems;
}

export function applicationProblems(input: ApplicationInput): ErrorDetail[] {
  return personProblems(input);
}

/**
 * A one-line field as one line: control characters and line separators become a space, so that a name, phone or
 * company cannot forge lines in a notice (or headers in its subject).
 */
export const singleLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

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

/**
 * Stores a lead, the post counted against its address and, unless it is spam or mail is off, its notification, in
 * one transaction: once this returns, the lead is committed and its mail will be delivered. Spam is kept with status
 * `spam` and notifies nobody; the caller answers it as any other success.
 */
export async function acceptLead(
  intake: FormIntake,
  type: LeadType,
  input: EnquiryInput | ApplicationInput,
  arrival: FormArrival,
  cv?: CvUpload,
): Promise<{ id: string; spam: boolean }> {
  const now = intake.clock();
  const { facts } = intake;
  const texts =
    type === 'enquiry'
      ? [(input as EnquiryInput).message, (input as EnquiryInput).company, input.name]
      : [(input as ApplicationInput).coverLetter, (input as ApplicationInput).role, input.name];
  const reason = formSpamReason(intake, type, input, arrival, texts, now);
  const consentText = type === 'enquiry' ? facts.enquiryConsentText : facts.applicationConsentText;
  const row = leadRow(type, input, consentText, now.toISOString());
  if (reason !== null) Object.assign(row, { status: 'spam', spam_reason: reason });
  const file = cv && {
    file_name: cv.fileName.slice(0, 255) || 'cv',
    mime_type: cv.mimeType,
    bytes: cv.data.length,
    sha256: createHash('sha256').update(cv.data).digest('hex'),
    created_at: row.created_at,
    data: cv.data,
  };
  await intake.db.transaction().execute(async (trx) => {
    await insertLead(trx, row, randomUUID(), file);
    await countFormPost(trx, type, arrival.address, now);
    if (reason === null && intake.mail) {
      const record = await readLead(trx, row.id);
      await enqueueMail(trx, leadNotification(record!, facts, intake.origin), now);
    }
  });
  if (reason === null) intake.mail?.wake();
  return { id: row.id, spam: reason !== null };
}
