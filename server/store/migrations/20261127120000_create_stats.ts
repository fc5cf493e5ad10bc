import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Cookieless analytics: the day's random salts (deleted after 48 hours), raw page views kept
 * two days (a visitor is a hash of the day's salt, the address and the User-Agent: no address is stored), and the
 * rollups the dashboard reads: totals per day, and per day and per month and key for each breakdown (page, entry
 * page, source, campaign, device, browser, operating system). A range reads its whole months from the monthly rows and
 * only the days at its ends from the daily ones, so that a year costs about what a month does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stats_salts')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('salt', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('stats_views')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (column) => column.primaryKey())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addColumn('visit_id', 'text', (column) => column.notNull())
    .addColumn('entry', 'integer', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('browser', 'text', (column) => column.notNull())
    .addColumn('os', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('stats_views_visitor').on('stats_views').columns(['day', 'visitor', 'at']).execute();

  await db.schema
    .createTable('stats_daily_totals')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addColumn('visits', 'integer', (column) => column.notNull())
    .addColumn('page_views', 'integer', (column) => column.notNull())
    .addColumn('bounces', 'integer', (column) => column.notNull())
    .addColumn('duration_ms', 'bigint', (column) => column.notNull())
    .execute();

  // Clustered by their keys on SQLite (without rowid): a range's rows are read in one sweep, not one lookup each.
  for (const [table, period] of [
    ['stats_daily', 'day'],
    ['stats_monthly', 'month'],
  ] as const) {
    let create = db.schema
      .createTable(table)
      .addColumn('dimension', 'text', (column) => column.notNull())
      .addColumn(period, 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('visitors', 'integer', (column) => column.notNull())
      .addColumn('visits', 'integer', (column) => column.notNull())
      .addColumn('page_views', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['dimension', period, 'key']);
    if (!postgres) create = create.modifyEnd(sql`without rowid`);
    await create.execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stats_monthly').execute();
  await db.schema.dropTable('stats_daily').execute();
  await db.schema.dropTable('stats_daily_totals').execute();
  await db.schema.dropTable('stats_views').execute();
  await db.schema.dropTable('stats_salts').execute();
}
