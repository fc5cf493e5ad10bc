import { pointerLabel, sectionSummary } from '@/domain/content-changes.ts';

type Json = unknown;
type Document = Record<string, unknown>;

/**
 * A field on which this person's version and the one saved meanwhile differ, with the version both started from:
 * who changed it says which to keep unless the person chooses otherwise.
 */
export interface MergeField {
  pointer: string;
  label: string;
  base: Json;
  mine: Json;
  theirs: Json;
  /** Who changed it since the version both started from: only they, only this person, or both. */
  changedBy: 'theirs' | 'mine' | 'both';
}

export type MergeChoice = 'mine' | 'theirs';

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Lists of the same length whose items are of the same types in the same order: compared item by item. */
function sameShape(lists: Json[][]): boolean {
  const [first, ...rest] = lists;
  const types = (list: Json[]) => list.map((item) => (isObject(item) ? String(item.type ?? '') : typeof item));
  return rest.every((list) => list.length === first!.length && same(types(list), types(first!)));
}

function fields(base: Json, mine: Json, theirs: Json, pointer: string, document: Json): MergeField[] {
  if (same(mine, theirs)) return [];
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
    return keys.flatMap((key) => fields(base[key], mine[key], theirs[key], `${pointer}/${escape(key)}`, document));
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs) && sameShape([base, mine, theirs]))
    return mine.flatMap((item, index) => fields(base[index], item, theirs[index], `${pointer}/${index}`, document));
  // A list whose items were added, removed or moved on either side is one field: kept whole from one side or the other.
  const changedBy = same(mine, base) ? 'theirs' : same(theirs, base) ? 'mine' : 'both';
  return [{ pointer, label: pointerLabel(pointer, document), base, mine, theirs, changedBy }];
}

/**
 * Where this person's document (`mine`) and the one saved meanwhile (`theirs`) differ, compared with the version
 * both started from (`base`): field by field, and a list whose items changed in number, type or order as one field.
 */
export function mergeFields(base: Document, mine: Document, theirs: Document): MergeField[] {
  return fields(base, mine, theirs, '', mine);
}

/** What is kept when the person does not choose: the side that changed the field, and their own where both did. */
export const defaultChoice = (field: MergeField): MergeChoice => (field.changedBy === 'theirs' ? 'theirs' : 'mine');

function setAt(document: Document, pointer: string, value: Json): void {
  const path = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = path.pop()!;
  let at = document as Record<string, Json> | Json[];
  for (const part of path) at = (at as Record<string, Json>)[part] as Record<string, Json>;
  if (value === undefined && !Array.isArray(at)) delete (at as Record<string, Json>)[last];
  else (at as Record<string, Json>)[last] = structuredClone(value);
}

/** `mine` with the fields chosen from `theirs` taken from there. */
export function mergedDocument(
  mine: Document,
  mergeList: MergeField[],
  choices: Record<string, MergeChoice>,
): Document {
  const merged = structuredClone(mine);
  for (const field of mergeList) {
    if ((choices[field.pointer] ?? defaultChoice(field)) !== 'theirs') continue;
    if (field.pointer === '') return structuredClone(field.theirs as Document);
    setAt(merged, field.pointer, field.theirs);
  }
  return merged;
}

/** The fields on which this person's choice replaces what was saved meanwhile: said in the commit. */
export function overwritten(mergeList: MergeField[], choices: Record<string, MergeChoice>): MergeField[] {
  return mergeList.filter(
    (field) => field.changedBy !== 'mine' && (choices[field.pointer] ?? defaultChoice(field)) === 'mine',
  );
}

/** A value as the conflict view shows it: text as it is, sections by their names, an image by its file. */
export function shownValue(value: Json): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? '(none)'
      : value.map((item) => (isObject(item) && item.type ? sectionSummary(item) : shownValue(item))).join(' · ');
  const record = value as Record<string, Json>;
  if (typeof record.src === 'string')
    return `${record.src}${typeof record.alt === 'string' ? ` (“${record.alt}”)` : ''}`;
  const text = Object.values(record).filter((item) => typeof item === 'string');
  return text.length > 0 ? text.join(' · ') : JSON.stringify(value);
}
