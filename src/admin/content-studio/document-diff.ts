import { humanise } from './form/labels.ts';
import { sectionTypeLabel } from './form/section-catalogue.ts';

/** One field that differs between two versions of a document: where, in words, and its two values as text. */
export interface FieldChange {
  pointer: string;
  label: string;
  before?: string;
  after?: string;
}

type Json = unknown;

function leaves(value: Json, pointer: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${pointer}/${index}`, into));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value))
      leaves(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, into);
  else if (value !== undefined) into.set(pointer, String(value));
  return into;
}

/** A pointer in words, with a section named by its type: "Section 1 (hero) › Heading". */
export function pointerLabel(pointer: string, document: Json): string {
  const parts = pointer.split('/').slice(1);
  const words: string[] = [];
  let at: Json = document;
  for (const [index, part] of parts.entries()) {
    const next = (at as Record<string, Json> | undefined)?.[part];
    if (/^\d+$/.test(part)) {
      const parent = parts[index - 1];
      const type = (next as { type?: unknown } | undefined)?.type;
      const item = parent === 'sections' ? 'Section' : 'Item';
      words[words.length - 1] =
        `${item} ${Number(part) + 1}${typeof type === 'string' ? ` (${sectionTypeLabel(type).toLowerCase()})` : ''}`;
      if (parent !== 'sections') words[words.length - 1] = `${humanise(parent ?? '')} ${Number(part) + 1}`;
    } else words.push(humanise(part));
    at = next;
  }
  return words.join(' › ') || 'The whole document';
}

/** Every field whose value differs between `before` and `after`, in the order the fields come in `after`. */
export function documentChanges(before: Json, after: Json): FieldChange[] {
  const old = leaves(before, '', new Map());
  const now = leaves(after, '', new Map());
  const changes: FieldChange[] = [];
  for (const [pointer, value] of now)
    if (old.get(pointer) !== value)
      changes.push({ pointer, label: pointerLabel(pointer, after), before: old.get(pointer), after: value });
  for (const [pointer, value] of old)
    if (!now.has(pointer)) changes.push({ pointer, label: pointerLabel(pointer, before), before: value });
  return changes;
}

/** A commit message suggested from what changed: "Change the hero's heading on /seo", "Add a carousel section". */
export function suggestMessage(before: Json, after: Json, name: string): string {
  const oldSections = ((before as { sections?: { type?: string }[] }).sections ?? []).length;
  const newSections = ((after as { sections?: { type?: string }[] }).sections ?? []) as { type?: string }[];
  if (newSections.length > oldSections && newSections.at(-1)?.type)
    return `Add a ${sectionTypeLabel(newSections.at(-1)!.type!).toLowerCase()} section to ${name}`;
  if (newSections.length < oldSections) return `Remove a section from ${name}`;
  const changes = documentChanges(before, after);
  if (changes.length === 0) return `Update ${name}`;
  const fields = [...new Set(changes.map((change) => change.label))];
  if (fields.length === 1) return `Change ${fields[0]} on ${name}`;
  return `Change ${fields.length} fields on ${name}: ${fields.slice(0, 2).join(', ')}${fields.length > 2 ? '…' : ''}`;
}
