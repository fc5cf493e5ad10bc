/** A piece of a comment's text: words as they were typed, or an address to link to. */
export type CommentTextPart = { text: string } | { href: string; text: string };

// Only http and https: any other scheme (javascript:, data:) stays text.
const linkPattern = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence is rarely part of the address before it.
const trailing = /[.,;:!?)\]}]+$/;

/**
 * A comment's text split into plain words and http(s) links. Nothing else in it is ever markup: the parts are
 * rendered as text, and a link only as an anchor whose href is the address exactly as typed.
 */
export function commentTextParts(text: string): CommentTextPart[] {
  const parts: CommentTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const address = match[0].replace(trailing, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href: address, text: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** How many comments readers see, replies included: the heading's number and the Article's commentCount. */
export function commentCount(threads: readonly { replies?: readonly unknown[] }[]): number {
  return threads.reduce((sum, thread) => sum + 1 + (thread.replies?.length ?? 0), 0);
}
