import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MediaRecord } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import type { WorkQueue } from '../http/work-queue.ts';
import { isUniqueViolation } from '../store/database.ts';
import {
  deleteMedia,
  filesOfMedia,
  findMedia,
  findMediaBySha256,
  postsUsingMedia,
  updateMediaAlt,
  type MediaRow,
} from './media-store.ts';
import { insertMedia } from './media-store.ts';
import type { Database } from '../store/schema.ts';
import type { AvifWorker } from './avif-worker.ts';
import { inspectImage, makeImageFiles } from './image-processing.ts';
import { toFileRows } from './media-files.ts';
import { toMediaJson } from './media-json.ts';

export interface MediaContext {
  db: Kysely<Database>;
  clock: () => Date;
  avif: AvifWorker;
  /** Every upload's decoding and resizing waits its turn here (503 when it is full). */
  images: WorkQueue;
}

export interface Upload {
  data: Buffer;
  fileName: string;
  alt: string;
  uploadedBy: string;
  /** The user's id: an author may change their own images only. */
  uploadedById: string | null;
}

// 80 bits of the content hash: unique among any number of images a blog will hold, and a short address.
const fileKeyLength = 20;

async function recordOf(db: Kysely<Database>, row: MediaRow): Promise<MediaRecord> {
  return toMediaJson(row, await filesOfMedia(db, [row.id]));
}

function cleanFileName(name: string): string {
  const clean = [...name]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'image';
}

/** Stores an upload with its variants; the same bytes again give the existing record (created: false). */
export async function uploadMedia(
  { db, clock, avif, images }: MediaContext,
  upload: Upload,
): Promise<{ record: MediaRecord; created: boolean }> {
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  const existing = await findMediaBySha256(db, sha256);
  if (existing) return { record: await recordOf(db, existing), created: false };

  const files = await images.run(async () => makeImageFiles(upload.data, await inspectImage(upload.data)));
  const original = files[0]!;
  const row: MediaRow = {
    id: randomUUID(),
    file_key: sha256.slice(0, fileKeyLength),
    sha256,
    file_name: cleanFileName(upload.fileName),
    mime_type: original.mimeType,
    bytes: original.data.length,
    width: original.width,
    height: original.height,
    alt: upload.alt,
    created_at: clock().toISOString(),
    created_by: upload.uploadedBy,
    uploaded_by_id: upload.uploadedById,
    avif_state: 'pending',
    avif_claimed_until: null,
  };
  try {
    await insertMedia(db, row, toFileRows(row.id, row.file_key, files));
  } catch (error) {
    // The same bytes uploaded at the same moment by another request: theirs won.
    const winner = isUniqueViolation(error) ? await findMediaBySha256(db, sha256) : undefined;
    if (winner === undefined) throw error;
    return { record: await recordOf(db, winner), created: false };
  }
  // The answer is the image as stored now, before the AVIF worker is woken: on PostgreSQL a small image's AVIF
  // variant could otherwise be written between the nudge and this read, and the answer would differ by timing.
  const record = await recordOf(db, row);
  avif.nudge();
  return { record, created: true };
}

async function existingMedia(db: Kysely<Database>, id: string): Promise<MediaRow> {
  const row = await findMedia(db, id);
  if (row === undefined) throw new HttpError(404, 'There is no such image: it may have been deleted.');
  return row;
}

export async function readMedia(db: Kysely<Database>, id: string): Promise<MediaRecord> {
  const row = await existingMedia(db, id);
  return toMediaJson(row, await filesOfMedia(db, [row.id]), await postsUsingMedia(db, row.file_key));
}

export async function changeMediaAlt(db: Kysely<Database>, id: string, alt: string): Promise<MediaRecord> {
  if (!(await updateMediaAlt(db, id, alt.trim()))) {
    throw new HttpError(404, 'There is no such image: it may have been deleted.');
  }
  return readMedia(db, id);
}

/** Refused (409, naming the posts) while any post shows the image: deleting it would break them. */
export async function removeMedia(db: Kysely<Database>, id: string): Promise<void> {
  const row = await existingMedia(db, id);
  const users = await postsUsingMedia(db, row.file_key);
  if (users.length > 0) {
    const titles = users.map((post) => `“${post.title}”`).join(', ');
    throw new HttpError(
      409,
      `This image is used by ${users.length === 1 ? '1 post' : `${users.length} posts`} (${titles}): remove it from ${users.length === 1 ? 'that post' : 'them'} first.`,
      users.map((post, index) => ({ path: `/usedBy/${index}`, message: `${post.title} (${post.id})` })),
    );
  }
  await deleteMedia(db, id);
}
