/**
 * `npm run db:copy -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE`: copies every post, user and image from the SQLite
 * database in DATA_DIR (./data by default) into an empty PostgreSQL database, creating its tables first. Then start
 * the server with DATABASE_URL set to the same address.
 */
import { copySqliteToPostgres } from '../server/store/copy-to-postgres.ts';

const usage = 'Usage: npm run db:copy -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE';

function targetUrl(args: string[]): string | undefined {
  if (args.length === 1 && args[0]!.startsWith('--to=')) return args[0]!.slice('--to='.length);
  if (args.length === 2 && args[0] === '--to') return args[1];
  return undefined;
}

/** The address without its password, fit to print. */
function withoutPassword(url: string): string {
  const printable = new URL(url);
  printable.password = '';
  return printable.href;
}

const url = targetUrl(process.argv.slice(2));
if (url === undefined || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(usage);
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? 'data';
try {
  const copied = await copySqliteToPostgres(dataDir, url);
  const { posts, terms, users, revisions, redirects, auditEntries, media, leads, outboxMails, comments } = copied;
  const { statsRollups, subscribers, newsletterSends } = copied;
  console.log(
    `Copied ${posts} posts (with ${terms} tags and categories, ${revisions} revisions, ${redirects} old slugs), ` +
      `${media} images, ${leads} leads, ${outboxMails} outbox mails, ${comments} comments, ${statsRollups} rows of daily and monthly stats and ` +
      `${users} users ` +
      `(with ${auditEntries} audit entries), ${subscribers} newsletter subscribers and ${newsletterSends} newsletter sends from ${dataDir} to ` +
      `${withoutPassword(url)}. Sessions were not copied: admins sign in again.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
