import type { SectionType } from './types.ts';

/**
 * The modules that sections load inside their boundary, named as the build manifest names them: the server links
 * their styles from the page's head, so a section is styled before its code arrives.
 */
const lazyModules: Partial<Record<SectionType, string[]>> = {
  carousel: ['src/ui/carousel/carousel.tsx'],
};

/** The lazy modules of the sections among a page's section types. */
export function lazySectionModules(types: readonly string[]): string[] {
  return types.flatMap((type) => lazyModules[type as SectionType] ?? []);
}
