import type { OutgoingMail } from '../mail/index.ts';

export interface ConfirmationMailFacts {
  /** The subscriber, which the mail tells of. */
  id: string;
  to: string;
  /** The confirmation link, with its token. */
  url: string;
  brandName: string;
}

/** The double opt-in e-mail: what was asked for, the one link that confirms it, until when, and what to do if not. */
export function confirmationMail(facts: ConfirmationMailFacts): OutgoingMail {
  const text = [
    `Someone, we hope you, asked to receive the ${facts.brandName} newsletter at this address.`,
    '',
    'To confirm, open this link:',
    facts.url,
    '',
    'The link works once, for 48 hours. If you did not ask for the newsletter, ignore this e-mail: you will not',
    'hear from us again, and we delete the request after 7 days.',
  ].join('\n');
  return {
    to: [facts.to],
    subject: `Confirm your subscription to the ${facts.brandName} newsletter`,
    text,
    about: `subscriber:${facts.id}`,
  };
}
