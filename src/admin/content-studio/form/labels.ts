import { humanise } from '@/domain/content-changes.ts';

/** A type name of the schemas (`HeroSection`, `PageMeta`), which names a type for programmers, not a field. */
const typeName = /^[A-Z][a-z]+([A-Z][a-z]*)+$/;

/**
 * A field's label: its schema's `title` when that is written for people, otherwise its name in words. An array's
 * item is named after its position.
 */
export function fieldLabel(name: string, title: string | undefined): string {
  if (title && !typeName.test(title)) return title;
  if (/^\d+$/.test(name)) return `Item ${Number(name) + 1}`;
  return humanise(name);
}

/** An option's label: a schema's type name (`CardSlide`, the branch of a union) in words, "Card slide". */
export const optionLabel = (label: string): string => (typeName.test(label) ? humanise(label) : label);
