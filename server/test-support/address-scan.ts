import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { sqliteFileName } from '../store/database.ts';
import { isPostgres } from '../store/dialect.ts';
import type { Database } from '../store/schema.ts';

/**
 * Where a text (an e-mail address) is still stored, for the tests of deletion, erasure and retention: every column of
 * every table is read, whichever feature made it, so that a table added later is searched too.
 */

interface Column {
  table: string;
  column: string;
  type: string;
}

async function columnsOfTables(db: Kysely<Database>): Promise<Column[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<Column>`
      select table_name as "table", column_name as "column", data_type as "type" from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const columns: Column[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(db);
    for (const row of rows) columns.push({ table: name, column: row.name, type: row.type });
  }
  return columns;
}

/** `table.column` of every stored value holding `text`, in any letter case (bytes and numbers read as text). */
export async function columnsHolding(db: Kysely<Database>, text: string): Promise<string[]> {
  const pattern = `%${text.toLowerCase()}%`;
  const asText = ({ column, type }: Column) => {
    if (!isPostgres(db)) return sql`lower(cast(${sql.ref(column)} as text))`;
    if (type === 'bytea') return sql`lower(encode(${sql.ref(column)}, 'escape'))`;
    return sql`lower(${sql.ref(column)}::text)`;
  };
  const found: string[] = [];
  for (const entry of await columnsOfTables(db)) {
    const { table, column } = entry;
    const { rows } = await sql<{ hits: number | string }>`
      select count(*) as hits from ${sql.table(table)} where ${asText(entry)} like ${pattern}`.execute(db);
    if (Number(rows[0]?.hits ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/**
 * The SQLite files (the database and its write-ahead log) whose bytes hold `text` in any letter case, as anyone
 * holding the files would find it: deleted rows must be overwritten (secure_delete) and moved out of the log.
 */
export function sqliteFilesHolding(dataDir: string, text: string): string[] {
  return ['', '-wal']
    .map((suffix) => join(dataDir, `${sqliteFileName}${suffix}`))
    .filter((file) => existsSync(file) && readFileSync(file).toString('latin1').toLowerCase().includes(text))
    .map((file) => file.slice(dataDir.length + 1));
}
