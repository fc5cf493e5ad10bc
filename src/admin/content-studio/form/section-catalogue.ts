import { sectionSchemas } from '../document-schemas.ts';
import { sectionTypeLabel } from '@/domain/content-changes.ts';

/** A section the studio can add: a type of the catalogue with one of its schema's examples as its first content. */
export interface CatalogueEntry {
  key: string;
  type: string;
  name: string;
  description: string;
  /** An image of the example, as a small picture of what it looks like; absent for sections without one. */
  picture?: string;
  section: Record<string, unknown>;
}

/** The section's type from its schema's `$id`: `sections/video-hero.schema.json` → `video-hero`. */
export const sectionType = (id: string) => id.replace(/^sections\//, '').replace(/\.schema\.json$/, '');

function firstImage(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(firstImage).find(Boolean);
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string' && /\.(svg|png|webp|jpg|avif)$/.test(record.src)) return record.src;
  return Object.values(record).map(firstImage).find(Boolean);
}

interface SectionSchemaFile {
  $id: string;
  description?: string;
  examples?: Record<string, unknown>[];
}

/** Every example of every section schema, named after what it is (its label or heading). */
export const sectionCatalogue: CatalogueEntry[] = Object.values(sectionSchemas as Record<string, SectionSchemaFile>)
  .flatMap((schema) => {
    const type = sectionType(schema.$id);
    const examples = schema.examples ?? [];
    return examples.map((section, index) => {
      const named = examples.length > 1 ? (section.label ?? section.heading) : undefined;
      return {
        key: `${type}-${index}`,
        type,
        name: typeof named === 'string' ? named : sectionTypeLabel(type),
        description: schema.description ?? '',
        picture: firstImage(section),
        section,
      };
    });
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** Every image the section examples use, with its size: the site's own images, offered by the image picker. */
export function imagesIn(value: unknown, found = new Map<string, { src: string; width: number; height: number }>()) {
  if (Array.isArray(value)) value.forEach((item) => imagesIn(item, found));
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.width === 'number' && typeof record.height === 'number')
      found.set(record.src, { src: record.src, width: record.width, height: record.height });
    Object.values(record).forEach((item) => imagesIn(item, found));
  }
  return found;
}
