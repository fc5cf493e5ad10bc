import { sql } from 'kysely';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { postFields } from '../../server/blog/post-input.ts';
import { openDatabase, type StoreLocation } from '../../server/store/database.ts';
import { migrateToLatest } from '../../server/store/migrate.ts';
import { insertPost } from '../../server/blog/post-store.ts';

/** A word that two of the five example posts use, so that it is in 40% of the benchmark's posts. */
export const commonWord = 'brand';

/** The word only post `index` has, in its title: a search with one match at any size. */
export const uniqueWord = (index: number) => `ref${index}`;

/**
 * A database of `count` published posts made from the example posts (SQLite written without fsync, to be quick);
 * returns their slugs. Each post also answers at `{slug}-old`, as if renamed once.
 */
export async function createBenchPosts(location: StoreLocation, count: number): Promise<string[]> {
  const db = openDatabase(location);
  try {
    await migrateToLatest(db);
    // Only for filling the database quickly: the server opens it again with synchronous=FULL.
    if (!location.databaseUrl) await sql`PRAGMA synchronous = OFF`.execute(db);
    const templates = examplePosts.map((input) => postFields(input, new Date()));
    const slugs: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const template = templates[index % templates.length]!;
      const publishedAt = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
      const slug = `${template.slug}-${index}`;
      slugs.push(slug);
      await insertPost(
        db,
        {
          ...template,
          title: `${template.title} (${uniqueWord(index)})`,
          id: `post-${index}`,
          slug,
          publishedAt,
          author: 'Northbeam Team',
          createdAt: publishedAt,
          updatedAt: publishedAt,
        },
        { id: `revision-${index}`, author: 'Northbeam Team', reason: 'save', kind: 'created' },
      );
      await db
        .insertInto('slug_redirects')
        .values({ slug: `${slug}-old`, post_id: `post-${index}`, created_at: publishedAt })
        .execute();
    }
    return slugs;
  } finally {
    await db.destroy();
  }
}
