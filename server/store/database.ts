import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type pg from 'pg';
import { sql } from 'kysely';
import { OpaqueSqliteLimits } from './opaque-limits.ts';
import type { Database } from './schema.ts';

export interface StoreLocation {
  /** Directory of the embedded SQLite file; used when databaseUrl is not set. */
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL. */
  databaseUrl?: string;
}

/** Watches the store for the metrics: how long each query took, and PostgreSQL's pool. */
export interface DatabaseObserver {
  query(durationMs: number, failed: boolean): void;
  pool?(pool: pg.Pool): void;
}

export const sqliteFileName = 'northbeam.sqlite';

/**
 * Kysely prepares every query afresh, which costs more than running it; our queries come in a few dozen shapes,
 * so their prepared statements are kept by SQL text (bounded, in case a shape ever varies without limit).
 */
function withStatementCache(sqlite: SQLite.Database, maxStatements = 200): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= maxStatements) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function queryLog(observer: DatabaseObserver | undefined): KyselyConfig['log'] {
  if (observer === undefined) return undefined;
  return (event) => observer.query(event.queryDurationMillis, event.level === 'error');
}

export function openDatabase({ dataDir, databaseUrl }: StoreLocation, observer?: DatabaseObserver): Kysely<Database> {
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
    // Waiting longer for a connection than a visitor would wait for a page only piles requests up.
    // Loaded only here: a server on SQLite starts without pg's modules, which it would never use.
    const { Pool } = createRequire(import.meta.url)('pg') as typeof pg;
    const pool = new Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    // An idle connection that the server ends (a restart, a failover) is dropped from the pool and the next query
    // opens another; unheard, the error would end the process.
    pool.on('error', () => {});
    observer?.pool?.(pool);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(observer) });
  }
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, sqliteFileName));
  sqlite.pragma('journal_mode = WAL');
  // WAL defaults to NORMAL, which can lose the last acknowledged writes on a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // What is deleted is overwritten with zeros, not left in free pages for anyone holding the file or a backup.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new OpaqueSqliteLimits()],
    log: queryLog(observer),
  });
}

/** True when a write failed on a UNIQUE constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return (
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505'
  );
}

/**
 * After an erasure on SQLite: moves the zeroed pages from the write-ahead log into the file and empties the log, whose
 * older frames still hold what was deleted. PostgreSQL keeps no such log on our side: nothing to do.
 */
export async function flushErasedPages(db: Kysely<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
