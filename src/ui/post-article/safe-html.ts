import DOMPurify from 'dompurify';

/**
 * The server sanitised the HTML when the post was saved; the browser sanitises it again before it reaches the
 * page, so that one missed case on either side is not enough for a script to run. Rendering on the server has no
 * DOM for DOMPurify: there the HTML is the one the server sanitised on save.
 */
export function safeHtml(html: string): string {
  return DOMPurify.isSupported ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) : html;
}
