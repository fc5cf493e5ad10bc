import type { Section, SiteDocument } from '@/content/types.gen.ts';

export type SectionType = Section['type'];
export type SectionOf<K extends SectionType> = Extract<Section, { type: K }>;

/** What every section component receives: its own content and the site's shared facts. */
export interface SectionProps<K extends SectionType> {
  section: SectionOf<K>;
  site: SiteDocument;
}
