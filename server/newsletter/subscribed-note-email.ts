import type * as ReactEmailComponents from '@react-email/components';
import { createElement as h } from 'react';
import type { OutgoingMail } from '../mail/index.ts';
import {
  colours,
  emailFrame,
  logoOf,
  noticeHeading,
  noticeTextStyle,
  reactEmail,
  renderEmail,
  type NewsletterFacts,
} from './email-layout.ts';
import { factsFor } from './newsletter-mail.ts';

/**
 * The short note to a reader already subscribed whose address was typed into the signup form again: it says so, and
 * how to leave, and asks nothing. The signup's page said "check your inbox" as it does for everyone, so this is what
 * the inbox holds. In the newsletter's own frame (email-layout.ts), as the confirmation and the posts.
 */
function subscribedNote(
  components: typeof ReactEmailComponents,
  facts: NewsletterFacts,
  logo: Parameters<typeof emailFrame>[1]['logo'],
  unsubscribeUrl: string,
) {
  const { Link, Text } = components;
  const text = noticeTextStyle;
  const link = { color: colours.link };
  return emailFrame(components, {
    facts,
    logo,
    preview: `This address is subscribed to the ${facts.brandName} newsletter already.`,
    why: 'If you did not ask, ignore this e-mail: nothing has changed.',
    children: [
      noticeHeading(components, 'You are subscribed already'),
      h(
        Text,
        { key: 'said', className: 'text', style: text },
        `Someone, we hope you, asked to subscribe this address to the ${facts.brandName} newsletter. It is subscribed already: there is nothing to do, and the next issue will reach you as before.`,
      ),
      h(
        Text,
        { key: 'leave', className: 'text', style: text },
        'If you would rather not receive it any more, ',
        h(Link, { href: unsubscribeUrl, style: link }, 'unsubscribe'),
        ' with one button.',
      ),
    ],
  });
}

/** Where each note's own unsubscribe link goes in the rendered template: no address or URL holds it. */
const marker = 'https://unsubscribe.invalid/subscribed-note';

const templates = new Map<string, Promise<{ html: string; text: string }>>();

/** The note rendered once per brand and origin, the link a marker: a note then costs a replacement, not a render. */
function template(brandName: string, origin: string): Promise<{ html: string; text: string }> {
  const key = `${brandName}\n${origin}`;
  let rendered = templates.get(key);
  if (rendered === undefined) {
    rendered = (async () => {
      const facts = { ...factsFor(origin), brandName };
      const [[components, { render }], logo] = await Promise.all([reactEmail(), logoOf(facts)]);
      return renderEmail(render, subscribedNote(components, facts, logo, marker));
    })();
    rendered.catch(() => templates.delete(key));
    templates.set(key, rendered);
  }
  return rendered;
}

export interface SubscribedNoteFacts {
  /** The subscriber, which the note tells of. */
  id: string;
  to: string;
  brandName: string;
  origin: string;
  /** The subscriber's own unsubscribe link. */
  unsubscribeUrl: string;
}

export async function subscribedNoteMail(facts: SubscribedNoteFacts): Promise<OutgoingMail> {
  const { html, text } = await template(facts.brandName, facts.origin);
  const escapedUrl = facts.unsubscribeUrl.replaceAll('&', '&amp;');
  return {
    to: [facts.to],
    subject: `You are subscribed to the ${facts.brandName} newsletter already`,
    text: text.replaceAll(marker, facts.unsubscribeUrl),
    html: html.replaceAll(marker, escapedUrl),
    about: `subscriber:${facts.id}`,
  };
}
