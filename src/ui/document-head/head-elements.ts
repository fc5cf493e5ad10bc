/** A title, meta or link element a page wants in the document's head. */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link';
  attributes: Record<string, string>;
  /** The title's text. */
  text?: string;
}

/**
 * What makes two head elements the same slot: one title, one meta per name or property, one canonical link, and
 * one alternate link per address.
 */
export function headElementKey({ tag, attributes }: HeadElement): string {
  if (tag === 'title') return 'title';
  if (tag === 'meta') {
    if (attributes.name) return `meta name=${attributes.name}`;
    if (attributes.property) return `meta property=${attributes.property}`;
    return `meta ${JSON.stringify(attributes)}`;
  }
  if (attributes.rel === 'canonical') return 'link rel=canonical';
  return `link rel=${attributes.rel ?? ''} href=${attributes.href ?? ''}`;
}

function readElement(element: Element): HeadElement | null {
  const tag = element.localName;
  if (tag !== 'title' && tag !== 'meta' && tag !== 'link') return null;
  const attributes = Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]));
  return { tag, attributes };
}

/** Makes an element in the head show what is wanted: its attributes (and the title's text), nothing else. */
function patch(element: Element, wanted: HeadElement) {
  for (const { name } of [...element.attributes]) if (!(name in wanted.attributes)) element.removeAttribute(name);
  for (const [name, value] of Object.entries(wanted.attributes)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  if (wanted.tag === 'title' && element.textContent !== wanted.text) element.textContent = wanted.text ?? '';
}

/** The slots this module filled last time: the only elements it may take away again. */
const filled = new Set<string>();

/**
 * Brings the document's head in line with the wanted elements. An element already there for a slot (the one the
 * server sent, or the previous page's) is updated in place, duplicates are removed, missing ones are appended, and a
 * slot filled before but wanted no more is emptied. Elements it never filled (viewport, icons, styles) stay as they are.
 */
export function applyHeadElements(head: HTMLHeadElement, wanted: readonly HeadElement[]) {
  const byKey = new Map(wanted.map((element) => [headElementKey(element), element]));
  const present = new Map<string, Element[]>();
  for (const element of [...head.children]) {
    const read = readElement(element);
    if (!read) continue;
    const key = headElementKey(read);
    present.set(key, [...(present.get(key) ?? []), element]);
  }
  for (const [key, element] of byKey) {
    const [first, ...duplicates] = present.get(key) ?? [];
    duplicates.forEach((duplicate) => duplicate.remove());
    if (first) patch(first, element);
    else {
      const created = head.ownerDocument.createElement(element.tag);
      patch(created, element);
      head.append(created);
    }
  }
  for (const key of filled) {
    if (!byKey.has(key)) present.get(key)?.forEach((element) => element.remove());
  }
  filled.clear();
  for (const key of byKey.keys()) filled.add(key);
}

/** What each mounted component wants, in mount order: a later one wins a slot both want. */
const owners = new Map<object, readonly HeadElement[]>();

function flush() {
  applyHeadElements(document.head, [...owners.values()].flat());
}

export function setHeadElements(owner: object, elements: readonly HeadElement[]) {
  owners.set(owner, elements);
  flush();
}

export function clearHeadElements(owner: object) {
  owners.delete(owner);
  flush();
}
