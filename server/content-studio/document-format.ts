/**
 * A document as the repository writes it: keys in the order the file had them (new keys after), then Prettier
 * with the repository's settings, so that loading and saving an unchanged document changes no byte.
 */
import { join } from 'node:path';
import type prettier from 'prettier';
import { repositoryRoot } from '../repository-root.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `next` with its keys in the order `previous` had them, at every depth; keys new to it come after, as sent. */
export function orderLike(next: unknown, previous: unknown): unknown {
  if (Array.isArray(next)) {
    return next.map((item, index) => orderLike(item, Array.isArray(previous) ? previous[index] : undefined));
  }
  if (!isObject(next)) return next;
  const before = isObject(previous) ? Object.keys(previous) : [];
  const keys = [...before.filter((key) => key in next), ...Object.keys(next).filter((key) => !before.includes(key))];
  return Object.fromEntries(
    keys.map((key) => [key, orderLike(next[key], isObject(previous) ? previous[key] : undefined)]),
  );
}

let settings: Promise<prettier.Options | null> | undefined;
/** Prettier, loaded with the first document saved rather than at every server start. */
let loading: Promise<typeof prettier> | undefined;

/**
 * The pointers of the objects a file writes on one line (`{ "src": …, "alt": … }`): Prettier keeps an object on one
 * line only when its first key follows the brace, so the new text must say the same of each to change no byte.
 */
export function inlineObjects(text: string): Set<string> {
  const inline = new Set<string>();
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(text[at] ?? '')) at += 1;
  };
  const readString = (): string => {
    const start = at;
    for (at += 1; text[at] !== '"'; at += text[at] === '\\' ? 2 : 1);
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (pointer: string): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      const open = at;
      at += 1;
      skipSpace();
      if (!text.slice(open, at).includes('\n')) inline.add(pointer);
      while (text[at] !== '}') {
        const key = readString();
        skipSpace();
        at += 1; // the colon
        value(`${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (char === '[') {
      at += 1;
      skipSpace();
      for (let index = 0; text[at] !== ']'; index += 1) {
        value(`${pointer}/${index}`);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (char === '"') {
      readString();
    } else {
      while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at += 1;
    }
  };
  value('');
  return inline;
}

/** JSON text that opens each object on the line of its brace when `inline` holds its pointer, on a new line otherwise. */
function serialise(value: unknown, inline: Set<string>, pointer = ''): string {
  if (Array.isArray(value))
    return `[${value.map((item, index) => serialise(item, inline, `${pointer}/${index}`)).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const members = Object.entries(value).map(
    ([key, child]) =>
      `${JSON.stringify(key)}: ${serialise(child, inline, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)}`,
  );
  return inline.has(pointer) ? `{${members.join(', ')}}` : `{\n${members.join(',\n')}\n}`;
}

/** The file's text: ordered and wrapped like `previousText`, formatted by Prettier as `npm run format` would. */
export async function formatDocument(document: unknown, previousText: string, path: string): Promise<string> {
  loading ??= import('prettier').then((module) => module.default);
  const prettier = await loading;
  settings ??= prettier.resolveConfig(join(repositoryRoot, 'content', 'site.json'));
  const previous: unknown = JSON.parse(previousText);
  const text = serialise(orderLike(document, previous), inlineObjects(previousText));
  return prettier.format(text, { ...(await settings), filepath: path });
}
