/**
 * The version of a consent text that a form carries (the `consentVersion` field), so that the server records the
 * words the visitor's page showed, not the ones in force when the post arrives (docs/decisions/0031).
 *
 * A 53-bit hash (cyrb53) of the words, computed alike by the page's render and the server, in the browser too. It
 * need not resist forgery: the server only ever picks, by it, one of the texts its own builds have shown.
 */
export function consentVersion(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36);
}
