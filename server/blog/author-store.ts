import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** An author as readers see them: a member of the team with a post published by the given time. */
export interface AuthorRow {
  id: string;
  name: string;
  slug: string;
  bio: string | null;
  avatar: string | null;
}

/** The user with this URL name, if a post of theirs is visible at `visibleAt`: others have no author page. */
export async function findPublishedAuthor(
  db: Kysely<Database>,
  slug: string,
  visibleAt: string,
): Promise<AuthorRow | undefined> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.slug', 'users.bio', 'users.avatar'])
    .where('users.slug', '=', slug)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('posts')
          .select('posts.id')
          .whereRef('posts.author_id', '=', 'users.id')
          .where('posts.status', '=', 'published')
          .where('posts.published_at', '<=', visibleAt),
      ),
    )
    .executeTakeFirst();
}

/** Every author with a post visible at `visibleAt`, by URL name, with the last change of their posts. */
export async function listAuthorPages(
  db: Kysely<Database>,
  visibleAt: string,
): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select((eb) => ['users.slug', eb.fn.max('posts.updated_at').as('updatedAt')])
    .where('posts.status', '=', 'published')
    .where('posts.published_at', '<=', visibleAt)
    .groupBy('users.slug')
    .orderBy('users.slug')
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt }));
}

/** Whether the user has a published post, scheduled ones included: their page's address is then public. */
export async function hasPublishedPost(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.author_id', '=', userId)
    .where('posts.status', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
