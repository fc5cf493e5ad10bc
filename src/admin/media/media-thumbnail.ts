import type { MediaRecord } from '@/content/types.gen.ts';

/** The smallest WebP copy: enough for a grid cell, and quick to load. */
export function thumbnailUrl(media: MediaRecord): string {
  return media.variants.find((variant) => variant.format === 'webp')?.url ?? media.url;
}

export function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
