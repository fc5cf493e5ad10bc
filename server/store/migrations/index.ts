import type { Migration } from 'kysely';
import * as createPosts from './20251122090000_create_posts.ts';
import * as createUsersAndSessions from './20251122090100_create_users_and_sessions.ts';
import * as createBlogChanges from './20251208090000_create_blog_changes.ts';
import * as createMedia from './20261122100000_create_media.ts';

/** Every migration by its timestamped name, applied in name order. Imported, not read from disk, so that it
 * works wherever the server's modules load (tsx, Vitest, a bundle). */
export const migrations: Record<string, Migration> = {
  '20251122090000_create_posts': createPosts,
  '20251122090100_create_users_and_sessions': createUsersAndSessions,
  '20251208090000_create_blog_changes': createBlogChanges,
  '20261122100000_create_media': createMedia,
};
