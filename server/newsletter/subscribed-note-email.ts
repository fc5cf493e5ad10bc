import type * as ReactEmailComponents from '@react-email/components';
import { createElement as h } from 'react';
import type { OutgoingMail } from '../mail/index.ts';
import { reactEmail } from './newsletter-email.ts';

/**
 * The short note to a reader already subscribed whose address was typed into the signup form again: it says so, and
 * how to leave, and asks nothing. The signup's page said "check your inbox" as it does for everyone, so this is what
 * the inbox holds. React-email, as the newsletter itself, written with createElement (see newsletter-email.ts).
 */

const colours = { text: '#1f2328', quiet: '#57606a', link: '#0b57d0', page: '#f3f4f6', frame: '#ffffff' };

function subscribedNote(
  { Body, Container, Head, Html, Link, Preview, Text }: typeof ReactEmailComponents,
  brandName: string,
  origin: string,
  unsubscribeUrl: string,
) {
  const text = { color: colours.text, fontSize: '16px', lineHeight: '1.5' };
  const link = { color: colours.link };
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light dark' })),
    h(Preview, null, `This address is subscribed to the ${brandName} newsletter already.`),
    h(
      Body,
      { style: { backgroundColor: colours.page, margin: 0, padding: '24px 0' } },
      h(
        Container,
        {
          style: {
            backgroundColor: colours.frame,
            maxWidth: '600px',
            padding: '32px',
            fontFamily: 'Arial, Helvetica, sans-serif',
          },
        },
        h(
          Text,
          { style: text },
          `Someone, we hope you, asked to subscribe this address to the ${brandName} newsletter. It is subscribed already: there is nothing to do, and the next issue will reach you as before.`,
        ),
        h(
          Text,
          { style: text },
          'If you would rather not receive it any more, ',
          h(Link, { href: unsubscribeUrl, style: link }, 'unsubscribe'),
          ' with one button.',
        ),
        h(
          Text,
          { style: { ...text, color: colours.quiet, fontSize: '14px' } },
          'If you did not ask, ignore this e-mail: nothing has changed. ',
          h(Link, { href: origin, style: link }, brandName),
        ),
      ),
    ),
  );
}

/** Where each note's own unsubscribe link goes in the rendered template: no address or URL holds it. */
const marker = 'https://unsubscribe.invalid/subscribed-note';

const templates = new Map<string, Promise<{ html: string; text: string }>>();

/** The note rendered once per brand and origin, the link a marker: a note then costs a replacement, not a render. */
function template(brandName: string, origin: string): Promise<{ html: string; text: string }> {
  const key = `${brandName}\n${origin}`;
  let rendered = templates.get(key);
  if (rendered === undefined) {
    rendered = reactEmail().then(async ([components, { render }]) => {
      const element = subscribedNote(components, brandName, origin, marker);
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
      return { html, text };
    });
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
