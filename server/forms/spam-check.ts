import { checkFormToken, fastestHumanMs, type FormTokenVerdict } from './form-token.ts';

/** More links than this in what a person wrote is how link spam looks; an enquiry rarely needs more than one. */
export const maxLinks = 2;

const linkPattern = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.|\[url[=\]]|<a\s/gi;

export function countLinks(text: string): number {
  return text.match(linkPattern)?.length ?? 0;
}

export interface Submission {
  /** Which form: the token is signed for it. */
  form: string;
  /** The hidden field people never see; anything in it came from a program. */
  honeypot: string | undefined;
  formToken: string | undefined;
  /** Whether the post came from a browser without JavaScript, which cannot have fetched a token. */
  plainFormPost: boolean;
  /** What the person wrote, where links are counted. */
  texts: (string | undefined)[];
}

const tokenReasons = (timeTrapMs: number): Partial<Record<FormTokenVerdict, string>> => ({
  forged: 'forged form token',
  'too-fast': `sent under ${timeTrapMs / 1000} s after the form was shown`,
  stale: 'stale form token',
});

/**
 * Why a submission is spam, or null when it looks like a person's. No CAPTCHA and no third party: a honeypot, a
 * time trap with a signed token (`timeTrapMs`, 3 s in production), and a link count. A plain form post may come without a token (a browser without
 * JavaScript, on a prerendered page); a script's JSON post may not.
 */
export function spamReason(key: Buffer, submission: Submission, now: Date, timeTrapMs = fastestHumanMs): string | null {
  if (submission.honeypot?.trim()) return 'honeypot field filled in';
  const verdict = checkFormToken(key, submission.form, submission.formToken, now, timeTrapMs);
  if (verdict === 'missing' && !submission.plainFormPost) return 'no form token';
  const tokenReason = tokenReasons(timeTrapMs)[verdict];
  if (tokenReason !== undefined) return tokenReason;
  const links = submission.texts.reduce((sum, text) => sum + countLinks(text ?? ''), 0);
  if (links > maxLinks) return `${links} links`;
  return null;
}
