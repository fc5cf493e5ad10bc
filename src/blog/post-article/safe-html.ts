import DOMPurify from 'dompurify';

/**
 * The server sanitised the HTML when the post was saved; the browser sanitises it again before it reaches the
 * page, so that one missed case on either side is not enough for a script to run.
 */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
