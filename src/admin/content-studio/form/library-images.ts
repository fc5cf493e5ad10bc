import type { MediaRecord } from '@/content/types.gen.ts';

/** An image the picker offers: the site's own, or the media library's. */
export interface PickableImage {
  /** What the content names: /images/…, or /images/library/{file} for a library image (docs/decisions/0025). */
  src: string;
  width: number;
  height: number;
  /** What the picker shows: the file itself, or a library image's smallest copy. */
  thumbnail: string;
  /** The file's name, searched and shown. */
  name: string;
  /** A library image's own alt text, suggested when the field has none. */
  alt?: string;
  group: 'site' | 'library';
}

const libraryPrefix = '/images/library/';

/**
 * A library image as content names it: its stored file under /images/library/, which the save copies into the
 * repository, so that content:check proves it exists without the database.
 */
export function libraryImage(media: MediaRecord): PickableImage {
  const file = media.url.slice(media.url.lastIndexOf('/') + 1);
  const smallest = media.variants.find((variant) => variant.format === 'webp') ?? media.variants[0];
  return {
    src: `${libraryPrefix}${file}`,
    width: media.width,
    height: media.height,
    thumbnail: smallest?.url ?? media.url,
    name: media.fileName,
    alt: media.alt || undefined,
    group: 'library',
  };
}

export function siteImage(image: { src: string; width: number; height: number }): PickableImage {
  return { ...image, thumbnail: image.src, name: image.src.replace(/^\/images\//, ''), group: 'site' };
}

/** Where the browser finds an image before it is saved: a library image is served at /media/ until the save copies it. */
export function previewSrc(src: string): string {
  return src.startsWith(libraryPrefix) ? `/media/${src.slice(libraryPrefix.length)}` : src;
}

/** The document with each library image named by its /media/ address, for the preview of unsaved changes. */
export function forPreview(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forPreview);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, forPreview(item)]));
  return typeof value === 'string' ? previewSrc(value) : value;
}
