import type { Kysely } from 'kysely';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import type { LeadFacts } from './lead-facts.ts';
import { formTokenUsed } from './form-posts.ts';
import type { Database } from '../store/schema.ts';
import { fastestHumanMs, formTokenKey } from './form-token.ts';
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
  /** Lead notices allowed in an hour, all instances together; 20 unless a test says otherwise. */
  noticesPerHour?: number;
  /** The time trap: a form sent sooner after its token was issued is a program's (FORM_TIME_TRAP_MS, 3 s by default). */
  timeTrapMs?: number;
}

/** The intake's time trap: its setting, or production's 3 s. */
export const timeTrapOf = (intake: Pick<FormIntake, 'timeTrapMs'>): number => intake.timeTrapMs ?? fastestHumanMs;

/** Where a post came from. */
export interface FormArrival {
  address: string;
  /**
   * A browser's form sent without JavaScript, which may come without a token: the lead forms then hold the post until
   * its sender confirms it with a token (lead-confirmation.ts); comments wait for moderation.
   */
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
  intake: Pick<FormIntake, 'formKey' | 'timeTrapMs'>,
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
    timeTrapOf(intake),
  );
}

export interface SpamVerdict {
  /** Why the post is spam, or null. */
  reason: string | null;
  /** The hash of the valid token it used, to be stored with it (used up); null when it used none. */
  tokenKey: string | null;
}

export const tokenUsedBefore = 'form token used before';

/**
 * formSpamReason, and a token used once already: a token is good for one post. The post's transaction stores the
 * token's hash (countFormPost), and a unique index refuses a second post with it that raced past this check.
 */
export async function checkFormSpam(
  intake: Pick<FormIntake, 'formKey' | 'db' | 'timeTrapMs'>,
  form: string,
  input: SpamTraps,
  arrival: FormArrival,
  texts: (string | undefined)[],
  now: Date,
): Promise<SpamVerdict> {
  const reason = formSpamReason(intake, form, input, arrival, texts, now);
  if (reason !== null || !input.formToken) return { reason, tokenKey: null };
  const tokenKey = formTokenKey(input.formToken);
  if (await formTokenUsed(intake.db, tokenKey)) return { reason: tokenUsedBefore, tokenKey: null };
  return { reason: null, tokenKey };
}

/** A unique index refused a row: in SQLite and in PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
