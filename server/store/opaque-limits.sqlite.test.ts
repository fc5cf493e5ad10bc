// @vitest-environment node
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-requests.ts';
import { openDatabase } from './database.ts';

interface Numbers {
  numbers: { n: number };
}

const folder = temporaryDirectory('northbeam-limits-');
let db: Kysely<Numbers>;
beforeAll(async () => {
  db = openDatabase({ dataDir: folder }) as unknown as Kysely<Numbers>;
  await sql`create table numbers (n integer primary key)`.execute(db);
  await db
    .insertInto('numbers')
    .values([1, 2, 3, 4, 5].map((n) => ({ n })))
    .execute();
});
afterAll(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

const page = (limit: number, offset: number) =>
  db.selectFrom('numbers').select('n').orderBy('n').limit(limit).offset(offset);

describe("SQLite's LIMIT and OFFSET", () => {
  it('are bound as expressions the planner does not read, so a kept statement keeps its plan', () => {
    expect(page(2, 1).compile().sql).toMatch(/ limit \(\? \+ 0\) offset \(\? \+ 0\)$/);
    expect(page(2, 1).compile().parameters).toEqual([2, 1]);
  });

  it('choose the same rows as before, a negative limit meaning none', async () => {
    const rows = async (limit: number, offset: number) => (await page(limit, offset).execute()).map(({ n }) => n);
    expect(await rows(2, 1)).toEqual([2, 3]);
    expect(await rows(2, 4)).toEqual([5]);
    expect(await rows(0, 0)).toEqual([]);
    expect(await rows(-1, 3)).toEqual([4, 5]);
  });

  it('leave a limit written into the SQL as it is', () => {
    const query = db.selectFrom('numbers').select('n').limit(sql.lit(3));
    expect(query.compile().sql).toMatch(/ limit 3$/);
  });
});
