import type * as ReactEmailComponents from '@react-email/components';
import { createElement } from 'react';
import {
  colours,
  emailButton,
  emailFrame,
  logoOf,
  noticeHeading,
  noticeTextStyle,
  reactEmail,
  renderEmail,
  type NewsletterFacts,
} from './email-layout.ts';

const h = createElement;

/** The address the confirmation links to, in the rendered e-mail: each subscriber's own link replaces it. */
const linkMarker = 'https://confirm.invalid/newsletter-confirmation-link';

function confirmationEmail(
  components: typeof ReactEmailComponents,
  facts: NewsletterFacts,
  logo: Parameters<typeof emailFrame>[1]['logo'],
) {
  const { Text } = components;
  const text = noticeTextStyle;
  return emailFrame(components, {
    facts,
    logo,
    preview: `One click to confirm: the ${facts.brandName} newsletter`,
    why: `Someone, we hope you, asked for the ${facts.brandName} newsletter at this address. If it was not you, ignore this e-mail: you will not hear from us again, and we delete the request after 7 days.`,
    children: [
      noticeHeading(components, 'Confirm your subscription'),
      h(
        Text,
        { key: 'ask', className: 'text', style: text },
        `Press the button to receive the ${facts.brandName} newsletter: new posts on marketing, design and growth, by e-mail.`,
      ),
      h('div', { key: 'button', style: { margin: '24px 0' } }, emailButtonOf(components)),
      h(
        Text,
        { key: 'limit', className: 'quiet', style: { ...text, color: colours.quiet, fontSize: '15px' } },
        'The button works once, for 48 hours. Every newsletter has a link to unsubscribe in one click.',
      ),
    ],
  });
}

const emailButtonOf = (components: typeof ReactEmailComponents) =>
  emailButton(components, linkMarker, 'Confirm my subscription');

interface ConfirmationTemplate {
  html: string;
  text: string;
}

const templates = new Map<string, Promise<ConfirmationTemplate>>();

/**
 * The confirmation e-mail, rendered once per process and brand with a marker where the link goes: every request to
 * subscribe then costs a replacement, not a render (and no render inside the signup's transaction after the first).
 */
function template(facts: NewsletterFacts): Promise<ConfirmationTemplate> {
  const key = JSON.stringify(facts);
  let rendered = templates.get(key);
  if (rendered === undefined) {
    rendered = (async () => {
      const [[components, { render }], logo] = await Promise.all([reactEmail(), logoOf(facts)]);
      return renderEmail(render, confirmationEmail(components, facts, logo));
    })();
    rendered.catch(() => templates.delete(key));
    templates.set(key, rendered);
  }
  return rendered;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The double opt-in e-mail for the link `url`, HTML and plain text, with the brand and one clear button. */
export async function renderConfirmation(facts: NewsletterFacts, url: string): Promise<ConfirmationTemplate> {
  const { html, text } = await template(facts);
  return { html: html.replaceAll(linkMarker, () => escapeHtml(url)), text: text.replaceAll(linkMarker, () => url) };
}
