import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuditAction } from './audit-log.ts';

interface Targeted {
  action: AuditAction;
  target: string | null;
}

const ofPosts = (action: AuditAction) => action.startsWith('post-');
const ofMedia = (action: AuditAction) => action.startsWith('media-');
// The other lead actions name no single lead: retention and erasure say what they removed.
const ofLeads = (action: AuditAction) =>
  action === 'lead-update' || action === 'lead-delete' || action === 'lead-cv-view';

/** The ids a page of entries names, as a map from id to post title, image file name or lead's name; the deleted are missing. */
export async function auditTargetNames(db: Kysely<Database>, entries: Targeted[]): Promise<Map<string, string>> {
  const ids = (test: (action: AuditAction) => boolean) => [
    ...new Set(entries.filter((entry) => test(entry.action) && entry.target !== null).map((entry) => entry.target!)),
  ];
  const postIds = ids(ofPosts);
  const mediaIds = ids(ofMedia);
  const leadIds = ids(ofLeads);
  const [posts, media, leads] = await Promise.all([
    postIds.length === 0
      ? []
      : db.selectFrom('posts').select(['id', 'title as name']).where('id', 'in', postIds).execute(),
    mediaIds.length === 0
      ? []
      : db.selectFrom('media').select(['id', 'file_name as name']).where('id', 'in', mediaIds).execute(),
    leadIds.length === 0 ? [] : db.selectFrom('leads').select(['id', 'name']).where('id', 'in', leadIds).execute(),
  ]);
  return new Map([...posts, ...media, ...leads].map((row) => [row.id, row.name]));
}
