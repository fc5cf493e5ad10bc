import type { Kysely } from 'kysely';
import { mediaChangePermission } from '../../src/domain/media-change.ts';
import { requirePermission, type SignedInUser } from '../auth/index.ts';
import { findMedia } from './media-store.ts';
import type { Database } from '../store/schema.ts';

/** An author changes their own images only; another person's (or one uploaded before roles) needs media:others. */
export async function checkMediaChange(db: Kysely<Database>, user: SignedInUser, id: string): Promise<void> {
  const row = await findMedia(db, id);
  if (row !== undefined) requirePermission(user, mediaChangePermission(user.id, row.uploaded_by_id));
}
