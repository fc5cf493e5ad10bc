import type { FastifyReply } from 'fastify';
import type { Notice } from '../../src/entry-server.tsx';
import type { FormPages } from '../leads/index.ts';

/**
 * The newsletter's own small pages, answered by the server (they act on a link's token, so they are never kept):
 * confirming, unsubscribing with one button, resubscribing, and the button that confirms a signup sent without
 * JavaScript. Each is a notice in the site's look (src/app/notice-page.tsx) where a build of the site is served, and
 * the same words as a bare page without one; both work without JavaScript and without styles, on any screen.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Where the signup form is: the blog's page, at its newsletter section. */
export const signupPage = '/blog#newsletter';

/** The token of a test message's unsubscribe link: it unsubscribes nobody, and its page says so. */
export const testUnsubscribeToken = 'test';
export const testUnsubscribeUrl = (origin: string): string =>
  `${origin}/newsletter/unsubscribe?token=${testUnsubscribeToken}`;

const eyebrow = 'Newsletter';
const home = { href: '/', label: 'Back to the home page' };
const subscribeAgain = { href: signupPage, label: 'Subscribe again' };

/** The notice as a page of its own, for a server without a build of the site: the same words, one h1, landmarks. */
export function barePage(notice: Notice): string {
  const { heading, text, paragraphs = [], form, links = [] } = notice;
  const fields = (form?.fields ?? [])
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}">${fields}<button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  const body = [text, ...paragraphs].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const anchors = links.map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)}</title></head><body><main><h1>${escapeHtml(heading)}</h1>${body}${button}${anchors.join('')}</main></body></html>`;
}

/** Sends a notice with `status`: in the site's look when the site can render it, bare otherwise. Never kept. */
export async function sendNotice(
  pages: FormPages | undefined,
  reply: FastifyReply,
  status: number,
  notice: Notice,
): Promise<FastifyReply> {
  const [path = '/', query] = reply.request.url.split('?');
  const page = await pages?.notice?.(notice, path);
  const headers = {
    'cache-control': 'no-store',
    // An address with a token is never sent on. Not for the held signup's page (no query): under no-referrer its
    // form's post would say `Origin: null`, which the API refuses as another site's.
    ...(query === undefined ? {} : { 'referrer-policy': 'no-referrer' }),
    'content-type': 'text/html; charset=utf-8',
    ...(page ? { 'content-security-policy': page.policy } : {}),
  };
  return reply
    .code(status)
    .headers(headers)
    .send(page?.html ?? barePage(notice));
}

export const confirmedPage = (brandName: string): Notice => ({
  eyebrow,
  heading: 'You are subscribed',
  text: `Thank you for confirming. The next ${brandName} newsletter will reach your inbox.`,
  paragraphs: ['Every issue has a link to unsubscribe in one click.'],
  links: [{ href: '/blog', label: 'Read the blog' }, home],
});

export const usedConfirmationPage = (): Notice => ({
  eyebrow,
  heading: 'This link was used already',
  text: 'This confirmation link was used before, or a newer one was sent since.',
  paragraphs: ['If you confirmed, you are subscribed. If you are not sure, subscribe again and use the newest e-mail.'],
  links: [subscribeAgain, home],
});

export const expiredConfirmationPage = (): Notice => ({
  eyebrow,
  heading: 'This link has expired',
  text: 'Confirmation links work for 48 hours.',
  paragraphs: ['Subscribe again and we will send you a new one.'],
  links: [subscribeAgain, home],
});

export const invalidLinkPage = (): Notice => ({
  eyebrow,
  heading: 'This link is not valid',
  text: 'The link is incomplete or was changed.',
  paragraphs: ['Copy the whole address from the e-mail, or subscribe again.'],
  links: [subscribeAgain, home],
});

/** What a test message's unsubscribe link opens: it is the link's place, not a subscription. */
export const testUnsubscribePage = (brandName: string): Notice => ({
  eyebrow,
  heading: 'This is a test link',
  text: `This link comes from a test of the ${brandName} newsletter, sent to a member of the team: there is nothing to unsubscribe.`,
  paragraphs: [
    'In the newsletter your subscribers receive, this link opens a page with one button that unsubscribes them.',
  ],
  links: [home],
});

const unsubscribeAction = (token: string): string => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
const resubscribeAction = (token: string): string => `/newsletter/resubscribe?token=${encodeURIComponent(token)}`;

/** One button, posting what a mail client's one-click unsubscribe posts (RFC 8058). */
export const unsubscribeQuestionPage = (brandName: string, token: string): Notice => ({
  eyebrow,
  heading: `Unsubscribe from the ${brandName} newsletter`,
  text: 'Press the button and you will receive no more newsletters from us.',
  form: { action: unsubscribeAction(token), fields: [['List-Unsubscribe', 'One-Click']], button: 'Unsubscribe' },
  links: [home],
});

/** "Subscribe again" asks for a new confirmation link; the consent shown here is the one recorded once it is opened. */
export const unsubscribedPage = (brandName: string, token: string, consentText: string): Notice => ({
  eyebrow,
  heading: 'You are unsubscribed',
  text: `You will receive no more ${brandName} newsletters.`,
  paragraphs: ['Changed your mind? We will e-mail you a link to confirm.', consentText],
  form: { action: resubscribeAction(token), fields: [], button: 'Subscribe again' },
  links: [home],
});

export const crossSitePage = (): Notice => ({
  eyebrow,
  heading: 'Please use the page from the e-mail',
  text: 'This request came from another site, so nothing was done.',
  paragraphs: ['Open the unsubscribe link from one of our e-mails and press the button there.'],
  links: [home],
});

export const subscribeFromFormPage = (): Notice => ({
  eyebrow,
  heading: 'Please subscribe from the form',
  text: 'This address cannot be subscribed again from this link.',
  paragraphs: ['Use the signup form instead: it sends a new confirmation link.'],
  links: [{ href: signupPage, label: 'Go to the signup form' }, home],
});

export const notOneClickPage = (): Notice => ({
  eyebrow,
  heading: 'Please press the button',
  text: 'This request did not say what to do.',
  paragraphs: ['Open the unsubscribe link from the e-mail and press its button.'],
  links: [home],
});

/**
 * A signup sent without JavaScript came without a form token: the fields again, hidden, with a token, and one button
 * that sends them (docs/decisions/0012-form-tokens-without-javascript.md).
 */
export function heldSignupPage(fields: Record<string, string>, again: boolean): Notice {
  return {
    eyebrow,
    heading: 'One more step: confirm your signup',
    text: again
      ? 'That was quicker than a person usually is: please press the button once more.'
      : 'To keep our list free of spam without a puzzle, please confirm that you want to subscribe.',
    form: { action: '/api/subscribers', fields: Object.entries(fields), button: 'Subscribe' },
  };
}
