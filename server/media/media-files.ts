import type { Selectable } from 'kysely';
import type { MediaFileTable } from '../store/schema.ts';
import type { ImageFile } from './image-processing.ts';

/** Every file of an image is named from the image's key, so that a post naming any of them is found by it. */
export function mediaFileName(fileKey: string, file: ImageFile): string {
  if (file.role === 'original') return `${fileKey}.${file.extension}`;
  if (file.role === 'social') return `${fileKey}-social.${file.extension}`;
  return `${fileKey}-${file.width}.${file.extension}`;
}

export function toFileRows(mediaId: string, fileKey: string, files: ImageFile[]): Selectable<MediaFileTable>[] {
  return files.map((file) => ({
    name: mediaFileName(fileKey, file),
    media_id: mediaId,
    role: file.role,
    format: file.format,
    mime_type: file.mimeType,
    width: file.width,
    height: file.height,
    size: file.data.length,
    data: file.data,
  }));
}
