import type { Kysely } from 'kysely';

const columns = ['meta_title', 'meta_description', 'og_image', 'canonical_url'] as const;

/** The search-result and social-card fields of a post; null means "use the title, summary or cover". */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('posts').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('posts').dropColumn(column).execute();
}
