import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../src/content/types.gen.ts';
import { sqliteFileName } from './store/database.ts';
import { startServerProcess, type ServerProcess, signInOver } from './test-support/server-process.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

const admin = { email: 'crash@northbeam.example', password: 'a password long enough' };
const kills = 20;
const writers = 4;

let server: ServerProcess | undefined;
let dataDir: string;

afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Every slug the server holds, read page by page as the admin. */
async function storedSlugs(base: string, cookie: string): Promise<Set<string>> {
  const slugs = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(`${base}/api/blogs?status=all&limit=100&offset=${offset}`, { headers: { cookie } });
    const page = (await response.json()) as BlogPost[];
    for (const post of page) slugs.add(post.slug);
    if (page.length < 100) return slugs;
  }
}

describe('crash safety of the SQLite store', () => {
  it(`keeps every post answered 201 through ${kills} kills with SIGKILL mid-write, and stays intact`, async () => {
    dataDir = temporaryDirectory();
    const env = { DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-build'), SEED_EXAMPLES: 'false' };
    server = await startServerProcess({ ...env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    // Sessions live in the database: the same cookie works after every restart.
    const cookie = await signInOver(server.base, admin);
    const acknowledged: string[] = [];
    const unexpectedAnswers: number[] = [];
    let sequence = 0;

    for (let round = 0; round < kills; round += 1) {
      const { base, child } = server;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          sequence += 1;
          const slug = `crash-round-${round}-post-${sequence}`;
          try {
            const response = await fetch(`${base}/api/blogs`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: base, cookie },
              body: JSON.stringify({ title: `Post ${sequence}`, slug, content: `<p>${slug}</p>`, tags: ['crash'] }),
            });
            if (response.status === 201) acknowledged.push(slug);
            else unexpectedAnswers.push(response.status);
            await response.body?.cancel();
          } catch {
            // The connection died with the server: this post was never acknowledged.
          }
        }
      };
      const writing = Array.from({ length: writers }, writer);
      await pause(50 + Math.random() * 250);
      killed = true;
      child.kill('SIGKILL');
      await once(child, 'exit');
      await Promise.all(writing);
      server = await startServerProcess(env);
    }

    const stored = await storedSlugs(server.base, cookie);
    expect(acknowledged.filter((slug) => !stored.has(slug))).toEqual([]);
    expect(unexpectedAnswers).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(kills * writers);
    console.log(`crash safety: ${kills} kills, ${acknowledged.length} posts answered 201, all of them kept`);

    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
    const database = new SQLite(join(dataDir, sqliteFileName));
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(database.pragma('foreign_key_check')).toEqual([]);
    } finally {
      database.close();
    }
  }, 120_000);
});
