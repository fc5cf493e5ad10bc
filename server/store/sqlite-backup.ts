import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFileName } from './database.ts';

export interface BackupSummary {
  source: string;
  pages: number;
}

/**
 * Copies the SQLite database in `dataDir` to `destination` while servers keep using it: SQLite's online backup,
 * taken in one step so that the copy is one consistent moment (in WAL mode, writers go on meanwhile). Refuses to
 * overwrite any file, and checks the copy's integrity before calling it a backup.
 */
export async function backUpSqlite(dataDir: string, destination: string): Promise<BackupSummary> {
  const source = join(dataDir, sqliteFileName);
  if (!existsSync(source)) throw new Error(`There is no SQLite database at ${source} (see DATA_DIR).`);
  if (existsSync(destination))
    throw new Error(`${destination} already exists: name a new file, so that nothing is overwritten.`);

  const database = new SQLite(source, { fileMustExist: true });
  let pages: number;
  try {
    database.pragma('busy_timeout = 5000');
    // All remaining pages in the next step: copying in small steps would start over whenever a server writes.
    ({ totalPages: pages } = await database.backup(destination, { progress: () => 0x7fffffff }));
  } finally {
    database.close();
  }

  const copy = new SQLite(destination, { readonly: true, fileMustExist: true });
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`The copy in ${destination} failed its integrity check: ${String(integrity)}`);
  } finally {
    copy.close();
  }
  return { source, pages };
}
