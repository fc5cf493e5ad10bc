/**
 * What a member's free text may put in a commit: a display name that can never carry an e-mail address, and a
 * message without trailers (Signed-off-by:, Co-authored-by:…) that would credit or bind someone else.
 */
const maxNameLength = 100;
export const maxMessageLength = 2000;

/** Control characters (C0, DEL, C1), and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- as above
const controlsButLineBreaks = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Trailers that credit, bind or vouch for a person, wherever they stand. */
const personTrailer =
  /^\s*(signed-off-by|co-authored-by|co-developed-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|approved-by|on-behalf-of)\s*:/i;
/** A line git would read as a trailer when it stands in the message's last paragraph. */
const trailerShaped = /^[A-Za-z0-9][A-Za-z0-9-]*\s*:\s*\S/;

/** The author as git records it: the display name without `<`, `>` or control characters, and the account's e-mail. */
export function commitAuthor(displayName: string, accountEmail: string): { name: string; email: string } {
  const name = displayName.replace(controls, ' ').replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  const email = accountEmail.replace(controls, '').replace(/[<>\s]/g, '');
  const local = email.split('@')[0] ?? '';
  return { name: (name || local || 'Studio member').slice(0, maxNameLength), email };
}

/**
 * The message as committed: line breaks made \n, other control characters gone, person trailers dropped wherever
 * they are, a last paragraph of trailer-shaped lines dropped (never the subject), bounded in length. Empty when
 * nothing is left: the caller then uses its own message.
 */
export function commitMessage(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(controlsButLineBreaks, (character) => (character === '\t' ? ' ' : ''))
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !personTrailer.test(line));
  const paragraphs = lines
    .join('\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
  const last = paragraphs.at(-1);
  if (paragraphs.length > 1 && last!.split('\n').every((line) => trailerShaped.test(line))) paragraphs.pop();
  const bounded = paragraphs.join('\n\n').trim();
  return bounded.length > maxMessageLength ? `${bounded.slice(0, maxMessageLength - 1)}…` : bounded;
}
