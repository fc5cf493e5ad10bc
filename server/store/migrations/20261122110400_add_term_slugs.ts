import type { Kysely } from 'kysely';

// Frozen in time: the URL name of a term as it was when this migration was written, whatever the live rule becomes.
function termSlug(term: string): string {
  return term
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The URL name of each tag and category (/blog/tag/local-seo), so that archives find their posts by an index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('post_terms').addColumn('term_slug', 'text').execute();
  const keys: { term_key: string }[] = await db.selectFrom('post_terms').select('term_key').distinct().execute();
  for (const { term_key } of keys) {
    await db
      .updateTable('post_terms')
      .set({ term_slug: termSlug(term_key) })
      .where('term_key', '=', term_key)
      .execute();
  }
  await db.schema
    .createIndex('post_terms_taxonomy_term_slug')
    .on('post_terms')
    .columns(['taxonomy', 'term_slug'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('post_terms_taxonomy_term_slug').execute();
  await db.schema.alterTable('post_terms').dropColumn('term_slug').execute();
}
