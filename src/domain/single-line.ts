/**
 * A one-line field as one line: control characters (CR and LF among them) and line separators become a space, so that
 * a name, a phone number or a company cannot forge lines in an e-mail or a notice (or headers in its subject).
 */
export const singleLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
