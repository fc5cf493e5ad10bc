/** The most words a search matches: the rest of a long query is dropped, on the server as in the highlight. */
export const maxSearchWords = 32;

/**
 * The words of what a reader typed: letters and digits only. Everything else (quotes, *, -, parentheses) is a
 * separator, and each word is matched as text, so no input can be read as query syntax by either engine.
 */
export function searchWords(text: string): string[] {
  return textWords(text).slice(0, maxSearchWords);
}

/** Every word of a text searched through, by the same rule as a query's words, however many there are. */
export function textWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}
