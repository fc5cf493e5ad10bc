import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { recordBlogChange, writeSearchEntry } from '../blog/index.ts';
import { openDatabase, sqliteFileName } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

export interface CopySummary {
  users: number;
  posts: number;
  /** Rows of post_terms: one per tag or category of a post. */
  terms: number;
  /** Entries of the audit log. */
  auditEntries: number;
  /** Saved versions of posts. */
  revisions: number;
  /** Old and deleted posts' slugs. */
  redirects: number;
  /** Uploaded images, each with all its files. */
  media: number;
  /** Enquiries and applications, with their notes, status history and CVs. */
  leads: number;
  /** Mails of the outbox, sent or waiting. */
  outboxMails: number;
  /** Rows of the stats' rollups (daily totals, daily and monthly breakdowns); the raw views of the last two days and their salts
   * come along. */
  statsRollups: number;
  /** Readers' comments and the agency's replies, whatever their state. */
  comments: number;
  /** The newsletter's subscribers, whatever their state (their links keep working: the signing key comes along). */
  subscribers: number;
  /** Posts sent (or being sent) to the newsletter, each with its messages. */
  newsletterSends: number;
}

// Large enough to be quick, small enough that a batch of long posts stays a modest query.
const batchSize = 100;

async function countRows(db: Kysely<Database>, table: 'posts' | 'users'): Promise<number> {
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One image at a time with its files: image bytes are the bulk of a database, and never all in memory at once. */
async function copyMedia(source: Kysely<Database>, target: Transaction<Database>): Promise<number> {
  let copied = 0;
  for (let lastId = ''; ;) {
    const media = await source
      .selectFrom('media')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (media === undefined) return copied;
    // A claim on AVIF work belongs to a server of the old database.
    await target
      .insertInto('media')
      .values({ ...media, avif_claimed_until: null })
      .execute();
    const files = await source.selectFrom('media_files').selectAll().where('media_id', '=', media.id).execute();
    for (const file of files)
      await target
        .insertInto('media_files')
        .values({ ...file, data: Buffer.from(file.data) })
        .execute();
    copied += 1;
    lastId = media.id;
  }
}

/** Rows of a table keyed by `id`, a page at a time. */
async function copyById(
  source: Kysely<Database>,
  target: Transaction<Database>,
  table: 'leads' | 'lead_notes' | 'lead_status_changes' | 'mail_outbox' | 'subscribers' | 'newsletter_sends',
): Promise<number> {
  let copied = 0;
  for (let lastId = ''; ;) {
    const rows = await source
      .selectFrom(table)
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return copied;
    // A lease on a mail belongs to a server of the old database.
    const values =
      table === 'mail_outbox' ? rows.map((row) => ({ ...row, leased_until: null, lease_token: null })) : rows;
    await target
      .insertInto(table)
      .values(values as never)
      .execute();
    copied += rows.length;
    lastId = rows[rows.length - 1]!.id;
  }
}

/** The newsletter's messages, send by send and a page at a time; a lease belongs to a server of the old database. */
async function copyNewsletterMessages(source: Kysely<Database>, target: Transaction<Database>): Promise<void> {
  const sends = await source.selectFrom('newsletter_sends').select('id').orderBy('id').execute();
  for (const { id } of sends) {
    for (let lastKey = ''; ;) {
      const rows = await source
        .selectFrom('newsletter_messages')
        .selectAll()
        .where('send_id', '=', id)
        .where('recipient_key', '>', lastKey)
        .orderBy('recipient_key')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      await target
        .insertInto('newsletter_messages')
        .values(rows.map((row) => ({ ...row, leased_until: null, lease_token: null })))
        .execute();
      lastKey = rows[rows.length - 1]!.recipient_key;
    }
  }
}

/** Comments a page at a time, the top-level ones first so that every reply finds the comment it answers. */
async function copyComments(source: Kysely<Database>, target: Transaction<Database>): Promise<number> {
  let copied = 0;
  for (const replies of [false, true]) {
    for (let lastId = ''; ;) {
      const rows = await source
        .selectFrom('comments')
        .selectAll()
        .where('parent_id', replies ? 'is not' : 'is', null)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      await target.insertInto('comments').values(rows).execute();
      copied += rows.length;
      lastId = rows[rows.length - 1]!.id;
    }
  }
  return copied;
}

/** One CV at a time: like images, their bytes are never all in memory at once. */
async function copyLeadFiles(source: Kysely<Database>, target: Transaction<Database>): Promise<void> {
  for (let lastId = ''; ;) {
    const file = await source
      .selectFrom('lead_files')
      .selectAll()
      .where('lead_id', '>', lastId)
      .orderBy('lead_id')
      .limit(1)
      .executeTakeFirst();
    if (file === undefined) return;
    await target
      .insertInto('lead_files')
      .values({ ...file, data: Buffer.from(file.data) })
      .execute();
    lastId = file.lead_id;
  }
}

/** The stats: salts and raw views (two days' worth), and the daily rollups, a page at a time. */
async function copyStats(source: Kysely<Database>, target: Transaction<Database>): Promise<number> {
  const salts = await source.selectFrom('stats_salts').selectAll().execute();
  if (salts.length > 0) await target.insertInto('stats_salts').values(salts).execute();
  // The target numbers the views itself, in the same order.
  for (let lastId = 0; ;) {
    const rows = await source
      .selectFrom('stats_views')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    await target
      .insertInto('stats_views')
      .values(rows.map(({ id: _id, ...row }) => row))
      .execute();
    lastId = rows[rows.length - 1]!.id;
  }
  let copied = 0;
  for (let lastDay = ''; ;) {
    const rows = await source
      .selectFrom('stats_daily_totals')
      .selectAll()
      .where('day', '>', lastDay)
      .orderBy('day')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    await target.insertInto('stats_daily_totals').values(rows).execute();
    copied += rows.length;
    lastDay = rows[rows.length - 1]!.day;
  }
  for (let last = ['', '', '']; ;) {
    const rows = await source
      .selectFrom('stats_daily')
      .selectAll()
      .where((eb) => eb(eb.refTuple('dimension', 'day', 'key'), '>', eb.tuple(last[0]!, last[1]!, last[2]!)))
      .orderBy('dimension')
      .orderBy('day')
      .orderBy('key')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    await target.insertInto('stats_daily').values(rows).execute();
    copied += rows.length;
    const { dimension, day, key } = rows[rows.length - 1]!;
    last = [dimension, day, key];
  }
  for (let last = ['', '', '']; ;) {
    const rows = await source
      .selectFrom('stats_monthly')
      .selectAll()
      .where((eb) => eb(eb.refTuple('dimension', 'month', 'key'), '>', eb.tuple(last[0]!, last[1]!, last[2]!)))
      .orderBy('dimension')
      .orderBy('month')
      .orderBy('key')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    await target.insertInto('stats_monthly').values(rows).execute();
    copied += rows.length;
    const { dimension, month, key } = rows[rows.length - 1]!;
    last = [dimension, month, key];
  }
  return copied;
}

/**
 * Copies every user (with role, profile, two-factor settings and recovery codes), invitation, post, post term, revision,
 * old slug, image (with its files), lead (with its notes, history and CV), outbox mail, comment, audit entry and stats (rollups, raw views, salts), and the servers'
 * shared keys, from the SQLite database in `dataDir` into the PostgreSQL
 * database at
 * `databaseUrl`, which is migrated first and must hold no posts or users yet. One transaction: all or nothing.
 * Sessions, pending two-factor sign-ins (five minutes long), sign-in failures and refused forms sent without
 * JavaScript (kept an hour) stay behind: admins sign in again on the new database.
 */
export async function copySqliteToPostgres(dataDir: string, databaseUrl: string): Promise<CopySummary> {
  const sourceFile = join(dataDir, sqliteFileName);
  if (!existsSync(sourceFile)) throw new Error(`There is no SQLite database at ${sourceFile} (see DATA_DIR).`);
  const source = openDatabase({ dataDir });
  const target = openDatabase({ dataDir, databaseUrl });
  try {
    await migrateToLatest(target);
    const [posts, users] = [await countRows(target, 'posts'), await countRows(target, 'users')];
    if (posts + users > 0) {
      throw new Error(
        `The PostgreSQL database already holds ${posts} posts and ${users} users: copy into an empty database.`,
      );
    }

    return await target.transaction().execute(async (trx) => {
      const summary: CopySummary = {
        users: 0,
        posts: 0,
        terms: 0,
        revisions: 0,
        redirects: 0,
        auditEntries: 0,
        media: 0,
        leads: 0,
        outboxMails: 0,
        statsRollups: 0,
        comments: 0,
        subscribers: 0,
        newsletterSends: 0,
      };
      const userRows = await source.selectFrom('users').selectAll().orderBy('id').execute();
      for (let start = 0; start < userRows.length; start += batchSize) {
        await trx
          .insertInto('users')
          .values(userRows.slice(start, start + batchSize))
          .execute();
      }
      summary.users = userRows.length;
      // Invitations not yet used keep working on the new database: only their tokens' hashes are stored.
      const invitationRows = await source.selectFrom('invitations').selectAll().orderBy('id').execute();
      for (let start = 0; start < invitationRows.length; start += batchSize) {
        await trx
          .insertInto('invitations')
          .values(invitationRows.slice(start, start + batchSize))
          .execute();
      }
      // Two-factor sign-in comes along: its recovery codes, and the key its secrets are encrypted with (which
      // replaces any key a server made on the empty target: nothing there is encrypted with it yet).
      const recoveryRows = await source.selectFrom('recovery_codes').selectAll().execute();
      if (recoveryRows.length > 0) await trx.insertInto('recovery_codes').values(recoveryRows).execute();
      const secretRows = await source.selectFrom('server_secrets').selectAll().execute();
      for (const secret of secretRows) {
        await trx
          .insertInto('server_secrets')
          .values(secret)
          .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: secret.value }))
          .execute();
      }
      for (let lastId = ''; ;) {
        const auditRows = await source
          .selectFrom('audit_log')
          .selectAll()
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (auditRows.length === 0) break;
        await trx.insertInto('audit_log').values(auditRows).execute();
        summary.auditEntries += auditRows.length;
        lastId = auditRows[auditRows.length - 1]!.id;
      }

      // Page through the posts, so that a large blog is never all in memory at once.
      for (let lastId = ''; ;) {
        const postRows = await source
          .selectFrom('posts')
          .selectAll()
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (postRows.length === 0) break;
        await trx.insertInto('posts').values(postRows).execute();
        const ids = postRows.map((row) => row.id);
        const termRows = await source.selectFrom('post_terms').selectAll().where('post_id', 'in', ids).execute();
        if (termRows.length > 0) await trx.insertInto('post_terms').values(termRows).execute();
        const revisionRows = await source
          .selectFrom('post_revisions')
          .selectAll()
          .where('post_id', 'in', ids)
          .execute();
        for (let start = 0; start < revisionRows.length; start += batchSize) {
          await trx
            .insertInto('post_revisions')
            .values(revisionRows.slice(start, start + batchSize))
            .execute();
        }
        // The search index is made from the posts, in the target's own engine.
        for (const row of postRows) {
          await writeSearchEntry(trx, row.id, {
            ...row,
            tags: JSON.parse(row.tags) as string[],
            categories: JSON.parse(row.categories) as string[],
          });
        }
        summary.revisions += revisionRows.length;
        summary.posts += postRows.length;
        summary.terms += termRows.length;
        lastId = ids[ids.length - 1]!;
      }
      const redirectRows = await source.selectFrom('slug_redirects').selectAll().orderBy('slug').execute();
      for (let start = 0; start < redirectRows.length; start += batchSize) {
        await trx
          .insertInto('slug_redirects')
          .values(redirectRows.slice(start, start + batchSize))
          .execute();
      }
      summary.redirects = redirectRows.length;
      summary.media = await copyMedia(source, trx);
      summary.leads = await copyById(source, trx, 'leads');
      await copyById(source, trx, 'lead_notes');
      await copyById(source, trx, 'lead_status_changes');
      await copyLeadFiles(source, trx);
      summary.outboxMails = await copyById(source, trx, 'mail_outbox');
      summary.statsRollups = await copyStats(source, trx);
      summary.comments = await copyComments(source, trx);
      summary.subscribers = await copyById(source, trx, 'subscribers');
      summary.newsletterSends = await copyById(source, trx, 'newsletter_sends');
      await copyNewsletterMessages(source, trx);
      // The commits the content studio saved, so that servers on the new database know where content stands.
      const headRows = await source.selectFrom('content_heads').selectAll().execute();
      if (headRows.length > 0) await trx.insertInto('content_heads').values(headRows).execute();
      // Servers already running on the target notice the new posts.
      await recordBlogChange(trx);
      return summary;
    });
  } finally {
    await source.destroy();
    await target.destroy();
  }
}
