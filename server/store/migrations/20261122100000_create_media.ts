import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Uploaded images and every file made from them. The bytes live in the database (BLOB on SQLite, bytea on
 * PostgreSQL), so that every server instance serves the same files and backups carry them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('file_key', 'text', (column) => column.notNull().unique())
    .addColumn('sha256', 'text', (column) => column.notNull().unique())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('mime_type', 'text', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('alt', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('avif_state', 'text', (column) => column.notNull())
    .addColumn('avif_claimed_until', 'text')
    .execute();
  await db.schema.createIndex('media_created_at').on('media').column('created_at').execute();
  await db.schema.createIndex('media_avif_state').on('media').column('avif_state').execute();

  await db.schema
    .createTable('media_files')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('media_id', 'text', (column) => column.notNull().references('media.id').onDelete('cascade'))
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('format', 'text', (column) => column.notNull())
    .addColumn('mime_type', 'text', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('data', binary, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('media_files_media_id').on('media_files').column('media_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('media').execute();
}
