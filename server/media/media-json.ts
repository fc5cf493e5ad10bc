import type { MediaRecord, MediaVariant } from '../../src/content/types.gen.ts';
import type { MediaFileInfo, MediaRow } from './media-store.ts';

export const mediaUrl = (fileName: string): string => `/media/${fileName}`;

/** The API's view of an image; usedBy only when one image is read. */
export function toMediaJson(
  row: MediaRow,
  files: MediaFileInfo[],
  usedBy?: { id: string; title: string }[],
): MediaRecord {
  const own = files.filter((file) => file.media_id === row.id);
  const original = own.find((file) => file.role === 'original');
  const social = own.find((file) => file.role === 'social');
  const variants: MediaVariant[] = own
    .filter((file) => file.role === 'variant')
    .map((file) => ({
      width: file.width,
      height: file.height,
      format: file.format as MediaVariant['format'],
      url: mediaUrl(file.name),
    }))
    .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  return {
    _id: row.id,
    url: mediaUrl(original?.name ?? ''),
    fileName: row.file_name,
    mimeType: row.mime_type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    sha256: row.sha256,
    variants,
    socialImage: mediaUrl(social?.name ?? original?.name ?? ''),
    createdAt: row.created_at,
    createdBy: row.created_by,
    createdById: row.uploaded_by_id,
    ...(usedBy && { usedBy: usedBy.map((post) => ({ _id: post.id, title: post.title })) }),
  };
}
