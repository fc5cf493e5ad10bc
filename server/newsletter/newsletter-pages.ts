/**
 * The newsletter's own small pages, answered by the server (they act on a link's token, so they are never kept):
 * confirming, unsubscribing with one button, resubscribing, and the button that confirms a signup sent without
 * JavaScript. Each works without JavaScript and without styles, on any screen.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Where the signup form is: the blog's page, at its newsletter section. */
export const signupPage = '/blog#newsletter';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to the home page</a></p></main></body></html>`;
}

const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;
const subscribeAgain = `<p><a href="${signupPage}">Subscribe again</a></p>`;

export const confirmedPage = (brandName: string): string =>
  page(
    'You are subscribed',
    paragraph(`Thank you for confirming. The next ${brandName} newsletter will reach your inbox.`) +
      paragraph('Every issue has a link to unsubscribe in one click.'),
  );

export const usedConfirmationPage = (): string =>
  page(
    'This link was used already',
    paragraph(
      'This confirmation link was used before, or a newer one was sent since. If you confirmed, you are subscribed; if you are not sure, subscribe again and use the link in the newest e-mail.',
    ) + subscribeAgain,
  );

export const expiredConfirmationPage = (): string =>
  page(
    'This link has expired',
    paragraph('Confirmation links work for 48 hours. Subscribe again and we will send you a new one.') + subscribeAgain,
  );

export const invalidLinkPage = (): string =>
  page(
    'This link is not valid',
    paragraph('The link is incomplete or was changed: copy the whole address from the e-mail, or subscribe again.') +
      subscribeAgain,
  );

const unsubscribeAction = (token: string): string => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
const resubscribeAction = (token: string): string => `/newsletter/resubscribe?token=${encodeURIComponent(token)}`;

/** One button, posting what a mail client's one-click unsubscribe posts (RFC 8058). */
export const unsubscribeQuestionPage = (brandName: string, token: string): string =>
  page(
    `Unsubscribe from the ${brandName} newsletter`,
    paragraph('Press the button and you will receive no more newsletters from us.') +
      `<form method="post" action="${escapeHtml(unsubscribeAction(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );

/** "Subscribe again" asks for a new confirmation link; the consent shown here is the one recorded once it is opened. */
export const unsubscribedPage = (brandName: string, token: string, consentText: string): string =>
  page(
    'You are unsubscribed',
    paragraph(`You will receive no more ${brandName} newsletters.`) +
      `<form method="post" action="${escapeHtml(resubscribeAction(token))}"><p>Changed your mind? We will e-mail you a link to confirm.</p>${paragraph(consentText)}<button type="submit">Subscribe again</button></form>`,
  );

export const crossSitePage = (): string =>
  page(
    'Please use the page from the e-mail',
    paragraph(
      'This request came from another site, so nothing was done. Open the unsubscribe link from one of our e-mails and press the button there.',
    ),
  );

export const subscribeFromFormPage = (): string =>
  page(
    'Please subscribe from the form',
    paragraph('This address cannot be subscribed again from this link: use the signup form instead.') +
      `<p><a href="${signupPage}">Go to the signup form</a></p>`,
  );

export const notOneClickPage = (): string =>
  page(
    'Please press the button',
    paragraph('This request did not say what to do. Open the unsubscribe link from the e-mail and press its button.'),
  );

/**
 * A signup sent without JavaScript came without a form token: the fields again, hidden, with a token, and one button
 * that sends them (docs/decisions/0012-form-tokens-without-javascript.md).
 */
export function heldSignupPage(fields: Record<string, string>, again: boolean): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const intro = again
    ? 'That was quicker than a person usually is: please press the button once more.'
    : 'To keep our list free of spam without a puzzle, please confirm that you want to subscribe.';
  return page(
    'One more step: confirm your signup',
    paragraph(intro) +
      `<form method="post" action="/api/subscribers">${hidden}<button type="submit">Subscribe</button></form>`,
  );
}
