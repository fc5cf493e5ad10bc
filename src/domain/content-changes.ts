/**
 * What changed between two versions of a content document, in words: the studio's "What changed" and Compare, and
 * the commit message the server writes when a save sends none. One module, so that both say the same.
 */

type Json = unknown;
type Section = Record<string, Json>;

/** `readingMinutes` as "Reading minutes", `video-hero` as "Video hero". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A section's type in words: `video-hero` → "Video hero". */
export const sectionTypeLabel = (type: string) => humanise(type);

/** One difference between two versions: a field's value, or a whole section added, removed or moved. */
export interface FieldChange {
  /** Where, in the newer version (in the older one for a section removed). */
  pointer: string;
  label: string;
  kind: 'field' | 'added' | 'removed' | 'moved';
  before?: string;
  after?: string;
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function leaves(value: Json, pointer: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${pointer}/${index}`, into));
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) leaves(item, `${pointer}/${escape(key)}`, into);
  else if (value !== undefined) into.set(pointer, String(value));
  return into;
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** How alike two sections of one type are: the share of their fields (with values) that they have in common. */
function likeness(a: Section, b: Section): number {
  const left = leaves(a, '', new Map());
  const right = leaves(b, '', new Map());
  let shared = 0;
  for (const [pointer, value] of left) if (right.get(pointer) === value) shared += 1;
  return shared / Math.max(1, left.size, right.size);
}

/**
 * Which section of `before` each section of `after` is (its index there), or null for a section added. A section has
 * no id in the files, so it is known by its content: the same section unchanged first, then, among sections of one
 * type, the most alike (any field in common, or the only one of its type left on both sides).
 */
export function matchSections(before: Section[], after: Section[]): (number | null)[] {
  const match: (number | null)[] = after.map(() => null);
  const used = new Set<number>();
  after.forEach((section, at) => {
    const found = before.findIndex((candidate, index) => !used.has(index) && same(candidate, section));
    if (found >= 0) {
      match[at] = found;
      used.add(found);
    }
  });
  const left = (type: Json) => ({
    before: before.filter((section, index) => !used.has(index) && section.type === type).length,
    after: after.filter((section, index) => match[index] === null && section.type === type).length,
  });
  const pairs = after
    .flatMap((section, at) =>
      match[at] !== null
        ? []
        : before.flatMap((candidate, index) =>
            used.has(index) || candidate.type !== section.type
              ? []
              : [{ at, index, score: likeness(candidate, section), distance: Math.abs(at - index) }],
          ),
    )
    .sort((a, b) => b.score - a.score || a.distance - b.distance);
  for (const { at, index, score } of pairs) {
    if (match[at] !== null || used.has(index)) continue;
    const remaining = left(after[at]!.type);
    if (score === 0 && (remaining.before > 1 || remaining.after > 1)) continue;
    match[at] = index;
    used.add(index);
  }
  return match;
}

/** The positions in `after` of the matched sections that kept their order: the longest run in order, kept still. */
function keptInOrder(match: (number | null)[]): Set<number> {
  const matched = match.flatMap((index, at) => (index === null ? [] : [{ at, index }]));
  const length = matched.map(() => 1);
  const previous = matched.map(() => -1);
  matched.forEach((item, i) => {
    for (let j = 0; j < i; j += 1)
      if (matched[j]!.index < item.index && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        previous[i] = j;
      }
  });
  const kept = new Set<number>();
  let last = length.indexOf(Math.max(0, ...length));
  while (last >= 0) {
    kept.add(matched[last]!.at);
    last = previous[last]!;
  }
  return kept;
}

/** A section in a few words: its heading, label or title, else its type. */
export function sectionSummary(section: Json): string {
  const record = isObject(section) ? section : {};
  const words = [record.heading, record.label, record.title].find((value) => typeof value === 'string');
  const type = sectionTypeLabel(String(record.type ?? 'section'));
  return typeof words === 'string' ? `${type}: ${words}` : type;
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
      words[words.length - 1] =
        parent === 'sections'
          ? `Section ${Number(part) + 1}${typeof type === 'string' ? ` (${sectionTypeLabel(type).toLowerCase()})` : ''}`
          : `${humanise(parent ?? '')} ${Number(part) + 1}`;
    } else words.push(humanise(part.replace(/~1/g, '/').replace(/~0/g, '~')));
    at = next;
  }
  return words.join(' › ') || 'The whole document';
}

function fieldChanges(before: Json, after: Json, prefix: string, document: Json): FieldChange[] {
  const old = leaves(before, prefix, new Map());
  const now = leaves(after, prefix, new Map());
  const changes: FieldChange[] = [];
  for (const [pointer, value] of now)
    if (old.get(pointer) !== value)
      changes.push({
        pointer,
        label: pointerLabel(pointer, document),
        kind: 'field',
        before: old.get(pointer),
        after: value,
      });
  for (const [pointer, value] of old)
    if (!now.has(pointer))
      changes.push({ pointer, label: pointerLabel(pointer, document), kind: 'field', before: value });
  return changes;
}

const sectionsOf = (document: Json): Section[] =>
  isObject(document) && Array.isArray(document.sections) ? (document.sections as Section[]) : [];

/**
 * Every difference between `before` and `after`, in the order of `after`: its fields, then its sections, each known
 * by its content (matchSections) wherever it moved, so that adding a section is one change and a move is a move.
 */
export function documentChanges(before: Json, after: Json): FieldChange[] {
  const own = (document: Json) => (isObject(document) ? { ...document, sections: undefined } : document);
  const changes = fieldChanges(own(before), own(after), '', after);
  const old = sectionsOf(before);
  const now = sectionsOf(after);
  const match = matchSections(old, now);
  const kept = keptInOrder(match);
  now.forEach((section, at) => {
    const index = match[at];
    const label = pointerLabel(`/sections/${at}`, after);
    if (index === null || index === undefined) {
      changes.push({ pointer: `/sections/${at}`, label, kind: 'added', after: sectionSummary(section) });
      return;
    }
    if (!kept.has(at))
      changes.push({
        pointer: `/sections/${at}`,
        label,
        kind: 'moved',
        before: `Position ${index + 1}`,
        after: `Position ${at + 1}`,
      });
    for (const change of fieldChanges(old[index], section, `/sections/${at}`, after)) changes.push(change);
  });
  const matched = new Set(match);
  old.forEach((section, index) => {
    if (matched.has(index)) return;
    changes.push({
      pointer: `/sections/removed-${index}`,
      label: pointerLabel(`/sections/${index}`, before),
      kind: 'removed',
      before: sectionSummary(section),
    });
  });
  return changes;
}

const sectionWords = (section: Json) =>
  `${sectionTypeLabel(String((section as Section | undefined)?.type ?? 'section')).toLowerCase()} section`;

function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * A commit message from what changed, in the words the studio shows: "Move the offerings section up on /seo", "Add
 * a carousel section to /seo", "Change Section 1 (hero) › Heading on /seo". `name` is the page's route or id.
 */
export function suggestMessage(before: Json, after: Json, name: string): string {
  const changes = documentChanges(before, after);
  if (changes.length === 0) return `Update ${name}`;
  const now = sectionsOf(after);
  const old = sectionsOf(before);
  const match = matchSections(old, now);
  const parts: string[] = [];
  for (const change of changes) {
    const at = Number(change.pointer.split('/')[2]);
    if (change.kind === 'added') parts.push(`add a ${sectionWords(now[at])}`);
    if (change.kind === 'moved') {
      const from = match[at]!;
      // Up or down among the sections both versions have: an added section above does not make the rest move down.
      const rankBefore = match.filter((index) => index !== null && index < from).length;
      const rankAfter = match.slice(0, at).filter((index) => index !== null).length;
      parts.push(`move the ${sectionWords(now[at])} ${rankAfter < rankBefore ? 'up' : 'down'}`);
    }
  }
  for (const change of changes)
    if (change.kind === 'removed') parts.push(`remove the ${sectionWords(old[Number(change.pointer.split('-')[1])])}`);
  const fields = [...new Set(changes.filter((change) => change.kind === 'field').map((change) => change.label))];
  if (fields.length > 0 && fields.length <= 2) parts.push(`change ${listed(fields)}`);
  else if (fields.length > 2) parts.push(`change ${fields.length} fields, among them ${listed(fields.slice(0, 2))}`);
  const only = (kind: FieldChange['kind']) => changes.every((change) => change.kind === kind);
  const joined = listed(parts);
  const sentence = `${joined.charAt(0).toUpperCase()}${joined.slice(1)} ${only('added') ? 'to' : only('removed') ? 'from' : 'on'} ${name}`;
  return sentence.length <= 200 ? sentence : `${sentence.slice(0, 199)}…`;
}

/** Prefixes developers put before a commit's subject: `feat(content): `, `fix!: `, `[skip ci] `. */
const subjectPrefix =
  /^(\[[^\]]*\]\s*|(feat|fix|chore|docs|style|refactor|perf|test|build|ci|revert|content)(\([^)]*\))?!?:\s*)+/i;

/**
 * A commit's message as the studio shows it: its first line, without the developers' prefixes, and cut at a word
 * near 120 characters; a merge says so in words. Trailers (`Signed-off-by:`) follow the first line and are left out.
 */
export function commitSummary(message: string): string {
  const first = message.split('\n')[0]!.trim();
  if (/^Merge (branch|pull request|remote-tracking branch)\b/.test(first))
    return 'Merged changes made on another branch';
  const subject = first.replace(subjectPrefix, '');
  const sentence = subject.charAt(0).toUpperCase() + subject.slice(1);
  if (sentence.length <= 120) return sentence;
  const cut = sentence.slice(0, 120);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 60 ? cut.lastIndexOf(' ') : 120).replace(/[,;:]$/, '')}…`;
}
