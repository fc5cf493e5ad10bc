/**
 * How deep and how large a content document may be, checked before anything walks it: the formatter, the schema and
 * the checks all recurse, and a document nested thousands deep would exhaust the stack (a 500, not a refusal). The
 * deepest document of the site is 6 levels and the largest 22 KB: the bounds leave room to grow.
 */
export const maxDocumentDepth = 32;
export const maxDocumentBytes = 256 * 1024;

export interface BoundsProblem {
  pointer: string;
  message: string;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first value nested deeper than the bound, by its pointer, or the document's size; none when within both. */
export function documentBoundsProblems(document: unknown): BoundsProblem[] {
  // Iterative: a recursive walk would fail on the very documents it is there to refuse.
  const pending: [unknown, string, number][] = [[document, '', 0]];
  while (pending.length > 0) {
    const [value, pointer, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDocumentDepth) {
      return [
        {
          pointer: pointer || '/',
          message: `is nested more than ${maxDocumentDepth} levels deep: no document of the site needs as many`,
        },
      ];
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, child] of entries) pending.push([child, `${pointer}/${escape(key)}`, depth + 1]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes > maxDocumentBytes) {
    return [
      {
        pointer: '/',
        message: `is ${Math.ceil(bytes / 1024)} KB: a document may be at most ${maxDocumentBytes / 1024} KB (split a long page, or shorten what grew)`,
      },
    ];
  }
  return [];
}
