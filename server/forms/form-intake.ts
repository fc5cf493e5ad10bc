import type { Kysely } from 'kysely';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import type { LeadFacts } from '../leads/lead-facts.ts';
import type { Database } from '../store/schema.ts';
import { spamReason } from './spam-check.ts';

/**
 * What the public forms' intake shares, leads (enquiries, applications) and readers' comments alike: what it needs,
 * where a post came from, how its problems are refused and how spam is told (form-answers.ts answers them over HTTP).
 */
export interface FormIntake {
  db: Kysely<Database>;
  clock: () => Date;
  facts: LeadFacts;
  /** Signs and checks the forms' time-trap tokens; also the key of the addresses' hashes. */
  formKey: Buffer;
  /** The public origin, for the link in notifications. */
  origin: string;
  /** Null when SMTP_URL is not set: nobody is notified by e-mail. */
  mail: { wake(): void } | null;
}

/** Where a post came from. */
export interface FormArrival {
  address: string;
  /** A browser's form sent without JavaScript (it asked for a page, not JSON). */
  plainFormPost: boolean;
}

export function refuseProblems(problems: ErrorDetail[]): void {
  if (problems.length > 0) {
    throw new HttpError(400, 'Some fields need your attention: see each one below.', problems);
  }
}

/** The hidden and signed fields every public form carries. */
export interface SpamTraps {
  website?: string;
  formToken?: string;
}

/** Why a post to `form` is spam, or null when it looks like a person's: the same checks for every public form. */
export function formSpamReason(
  intake: Pick<FormIntake, 'formKey'>,
  form: string,
  input: SpamTraps,
  arrival: FormArrival,
  texts: (string | undefined)[],
  now: Date,
): string | null {
  return spamReason(
    intake.formKey,
    { form, honeypot: input.website, formToken: input.formToken, plainFormPost: arrival.plainFormPost, texts },
    now,
  );
}
