/**
 * `npm run db:backup -- FILE`: a consistent copy of the SQLite database in DATA_DIR (./data by default), taken
 * while the server runs. To restore it, stop the server, put the copy in place of DATA_DIR/northbeam.sqlite
 * (removing any northbeam.sqlite-wal and -shm beside it), and start the server again.
 */
import { backUpSqlite } from '../server/store/sqlite-backup.ts';

const [destination, ...rest] = process.argv.slice(2);
if (destination === undefined || rest.length > 0) {
  console.error('Usage: npm run db:backup -- FILE');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: the server uses PostgreSQL, whose own tools make its backups (pg_dump).');
  process.exit(2);
}
try {
  const { source, pages } = await backUpSqlite(process.env.DATA_DIR ?? 'data', destination);
  console.log(`Copied ${source} (${pages} pages) to ${destination}; the copy passed its integrity check.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
