import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MediaFileTable, MediaTable } from '../store/schema.ts';

export type MediaRow = Selectable<MediaTable>;
/** A file's description without its bytes. */
export type MediaFileInfo = Omit<Selectable<MediaFileTable>, 'data'>;

/** For LIKE … ESCAPE '!': the text is matched as typed. */
const escapeLike = (text: string): string => text.replace(/[!%_]/g, (character) => `!${character}`);

const fileInfoColumns = ['name', 'media_id', 'role', 'format', 'mime_type', 'width', 'height', 'size'] as const;

export async function findMediaBySha256(db: Kysely<Database>, sha256: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

export async function findMedia(db: Kysely<Database>, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMediaByFileKey(db: Kysely<Database>, keys: string[]): Promise<MediaRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('media').selectAll().where('file_key', 'in', keys).execute();
}

/** One transaction: a record is never seen without its files. */
export async function insertMedia(
  db: Kysely<Database>,
  media: MediaRow,
  files: Selectable<MediaFileTable>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('media').values(media).execute();
    for (const file of files) await trx.insertInto('media_files').values(file).execute();
  });
}

export interface MediaFilter {
  text?: string;
  limit: number;
  offset: number;
}

export async function listMedia(
  db: Kysely<Database>,
  filter: MediaFilter,
): Promise<{ rows: MediaRow[]; total: number }> {
  let query = db.selectFrom('media');
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(lower(file_name) like ${pattern} escape '!' or lower(alt) like ${pattern} escape '!')`,
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total: Number(total) };
}

export async function filesOfMedia(db: Kysely<Database>, mediaIds: string[]): Promise<MediaFileInfo[]> {
  if (mediaIds.length === 0) return [];
  return db
    .selectFrom('media_files')
    .select(fileInfoColumns)
    .where('media_id', 'in', mediaIds)
    .orderBy('width')
    .execute();
}

export async function readMediaFile(
  db: Kysely<Database>,
  name: string,
): Promise<{ mime_type: string; data: Buffer } | undefined> {
  const row = await db
    .selectFrom('media_files')
    .select(['mime_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
  // pg gives a Buffer for bytea, better-sqlite3 a Buffer for a BLOB; both are Uint8Arrays.
  return row && { mime_type: row.mime_type, data: Buffer.from(row.data) };
}

export async function readOriginal(db: Kysely<Database>, mediaId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('media_files')
    .select('data')
    .where('media_id', '=', mediaId)
    .where('role', '=', 'original')
    .executeTakeFirst();
  return row && Buffer.from(row.data);
}

export async function updateMediaAlt(db: Kysely<Database>, id: string, alt: string): Promise<boolean> {
  const result = await db.updateTable('media').set({ alt }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMedia(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('media_files').where('media_id', '=', id).execute();
    await trx.deleteFrom('media').where('id', '=', id).execute();
  });
}

/** Posts whose content or cover names any file of the image (every file name starts with its key). */
export async function postsUsingMedia(db: Kysely<Database>, fileKey: string): Promise<{ id: string; title: string }[]> {
  const pattern = `%/media/${escapeLike(fileKey)}%`;
  return db
    .selectFrom('posts')
    .select(['id', 'title'])
    .where(sql<boolean>`(content like ${pattern} escape '!' or cover_image like ${pattern} escape '!')`)
    .orderBy('title')
    .execute();
}

/**
 * Takes the oldest image whose AVIF variants are still to be made, unless another instance holds it: the claim
 * lasts until `until`, after which a crashed instance's work is taken over.
 */
export async function claimAvifWork(db: Kysely<Database>, now: string, until: string): Promise<MediaRow | undefined> {
  const candidates = await db
    .selectFrom('media')
    .selectAll()
    .where('avif_state', '=', 'pending')
    .where((eb) => eb.or([eb('avif_claimed_until', 'is', null), eb('avif_claimed_until', '<', now)]))
    .orderBy('created_at')
    .limit(5)
    .execute();
  for (const candidate of candidates) {
    const claimed = await db
      .updateTable('media')
      .set({ avif_claimed_until: until })
      .where('id', '=', candidate.id)
      .where('avif_state', '=', 'pending')
      .where((eb) =>
        candidate.avif_claimed_until === null
          ? eb('avif_claimed_until', 'is', null)
          : eb('avif_claimed_until', '=', candidate.avif_claimed_until),
      )
      .executeTakeFirst();
    if (claimed.numUpdatedRows > 0n) return { ...candidate, avif_claimed_until: until };
  }
  return undefined;
}

export async function finishAvifWork(
  db: Kysely<Database>,
  mediaId: string,
  files: Selectable<MediaFileTable>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const media = await trx.selectFrom('media').select('id').where('id', '=', mediaId).executeTakeFirst();
    // Deleted while its AVIF was being made.
    if (media === undefined) return;
    for (const file of files) {
      await trx
        .insertInto('media_files')
        .values(file)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    await trx
      .updateTable('media')
      .set({ avif_state: 'done', avif_claimed_until: null })
      .where('id', '=', mediaId)
      .execute();
  });
}
