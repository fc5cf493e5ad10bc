import type { Kysely } from 'kysely';

// Frozen in time: an author page's name in URLs as it was when this migration was written.
function authorSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'author';
}

/**
 * A team: every user gets a role (the first user is the owner, the others administrators, as they could do everything
 * before), a public profile (slug, bio, avatar) and the time of the last sign-in. Posts and images remember who wrote
 * or uploaded them by id; posts written before have none, and keep the team as their author. Invitations are stored
 * by the hash of their token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('administrator'))
    .execute();
  await db.schema.alterTable('users').addColumn('slug', 'text').execute();
  await db.schema.alterTable('users').addColumn('bio', 'text').execute();
  await db.schema.alterTable('users').addColumn('avatar', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
  const users: { id: string; name: string }[] = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const [index, user] of users.entries()) {
    const base = authorSlug(user.name);
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    taken.add(slug);
    await db
      .updateTable('users')
      .set({ slug, role: index === 0 ? 'owner' : 'administrator' })
      .where('id', '=', user.id)
      .execute();
  }
  await db.schema.createIndex('users_slug').on('users').column('slug').unique().execute();

  await db.schema.alterTable('posts').addColumn('author_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('review_requested_at', 'text').execute();
  await db.schema.createIndex('posts_author_id').on('posts').columns(['author_id', 'published_at']).execute();
  await db.schema.alterTable('media').addColumn('uploaded_by_id', 'text').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('media').dropColumn('uploaded_by_id').execute();
  await db.schema.dropIndex('posts_author_id').execute();
  await db.schema.alterTable('posts').dropColumn('review_requested_at').execute();
  await db.schema.alterTable('posts').dropColumn('author_id').execute();
  await db.schema.dropIndex('users_slug').execute();
  for (const column of ['last_sign_in_at', 'avatar', 'bio', 'slug', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
