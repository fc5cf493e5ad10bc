import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { repositoryRoot } from '../repository-root.ts';
import { renderConfirmation } from './confirmation-email.ts';
import { newsletterFacts, type NewsletterFacts } from './email-layout.ts';

export interface ConfirmationMailFacts {
  /** The subscriber, which the mail tells of. */
  id: string;
  to: string;
  /** The confirmation link, with its token. */
  url: string;
  brandName: string;
}

let site: SiteDocument | undefined;

/** The e-mail's small print (legal name, address) from content/site.json, and the origin of the link it carries. */
export function factsFor(url: string): NewsletterFacts {
  site ??= JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
  return newsletterFacts(site, new URL(url).origin);
}

/**
 * The double opt-in e-mail, HTML and plain text like the posts' (docs/decisions/0036): what was asked for, one button
 * that confirms it, until when, and what to do if it was not you.
 */
export async function confirmationMail(facts: ConfirmationMailFacts): Promise<OutgoingMail> {
  const { html, text } = await renderConfirmation({ ...factsFor(facts.url), brandName: facts.brandName }, facts.url);
  return {
    to: [facts.to],
    subject: `Confirm your subscription to the ${facts.brandName} newsletter`,
    text,
    html,
    about: `subscriber:${facts.id}`,
  };
}
