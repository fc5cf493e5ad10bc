import { once } from 'node:events';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { sqliteFileName } from '../store/database.ts';
import { startServerProcess, signInOver, type ServerProcess } from './server-process.ts';

/**
 * One kind of thing an admin writes (posts; media files and revisions join as one entry each): how to write one,
 * and which of those acknowledged are missing after the crashes.
 */
export interface DurableWrite {
  name: string;
  /** Writes one; resolves with its key when the server acknowledged it, undefined when it refused. */
  write(server: { base: string; cookie: string }, key: string): Promise<string | undefined>;
  /** The acknowledged keys that the server no longer has. */
  missing(server: { base: string; cookie: string }, acknowledged: readonly string[]): Promise<string[]>;
}

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

export const postWrites: DurableWrite = {
  name: 'posts',
  async write({ base, cookie }, key) {
    const response = await fetch(`${base}/api/blogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ title: `Post ${key}`, slug: key, content: `<p>${key}</p>`, tags: ['crash'] }),
    });
    await response.body?.cancel();
    if (response.status === 201) return key;
    throw new Error(`a post was answered ${response.status}`);
  },
  async missing({ base, cookie }, acknowledged) {
    const stored = await storedSlugs(base, cookie);
    return acknowledged.filter((slug) => !stored.has(slug));
  },
};

export interface CrashReport {
  kills: number;
  /** Acknowledged writes by kind, all found again. */
  acknowledged: Record<string, number>;
  /** Acknowledged writes lost, by kind: must be empty. */
  lost: Record<string, string[]>;
  /** Answers other than an acknowledgement or a cut connection. */
  unexpected: string[];
  integrity: string;
  foreignKeyProblems: number;
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export interface CrashOptions {
  dataDir: string;
  kills: number;
  writers?: number;
  kinds?: DurableWrite[];
  /** Called after each round, for progress output. */
  onRound?: (round: number, acknowledged: number) => void;
}

/**
 * Starts the production server on a SQLite file, lets `writers` connections write while it runs for a random 50 to
 * 300 ms, kills it with SIGKILL, starts it again; after `kills` rounds checks that every acknowledged write is there
 * and that SQLite finds the file intact.
 */
export async function crashRounds({
  dataDir,
  kills,
  writers = 4,
  kinds = [postWrites],
  onRound,
}: CrashOptions): Promise<CrashReport> {
  const admin = { email: 'crash@northbeam.example', password: 'a password long enough' };
  const env = { DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-build'), SEED_EXAMPLES: 'false' };
  // A machine busy with other work can take a while to start a server: that is not what these rounds test.
  const startTimeoutMs = 90_000;
  let server: ServerProcess = await startServerProcess(
    { ...env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    startTimeoutMs,
  );
  const acknowledged = new Map(kinds.map((kind) => [kind.name, [] as string[]]));
  const unexpected: string[] = [];
  const total = () => [...acknowledged.values()].reduce((sum, keys) => sum + keys.length, 0);
  try {
    // Sessions live in the database: the same cookie works after every restart.
    const cookie = await signInOver(server.base, admin);
    let sequence = 0;
    for (let round = 0; round < kills; round += 1) {
      const { base, child } = server;
      let killed = false;
      const writer = async (index: number) => {
        const kind = kinds[index % kinds.length]!;
        while (!killed) {
          sequence += 1;
          try {
            const key = await kind.write({ base, cookie }, `crash-round-${round}-${kind.name}-${sequence}`);
            if (key !== undefined) acknowledged.get(kind.name)!.push(key);
          } catch (error) {
            // A cut connection means the write was never acknowledged; anything else is a finding.
            const cause = (error as { cause?: { code?: string } }).cause?.code;
            if (!killed || cause === undefined) unexpected.push(`${kind.name}: ${(error as Error).message}`);
          }
        }
      };
      const writing = Array.from({ length: writers }, (_, index) => writer(index));
      // Kill mid-write, not before the first write lands: a busy machine can take longer than the pause to answer.
      const before = total();
      for (let waited = 0; total() === before && waited < 30_000; waited += 10) await pause(10);
      await pause(50 + Math.random() * 250);
      killed = true;
      child.kill('SIGKILL');
      await once(child, 'exit');
      await Promise.all(writing);
      server = await startServerProcess(env, startTimeoutMs);
      onRound?.(
        round + 1,
        [...acknowledged.values()].reduce((sum, keys) => sum + keys.length, 0),
      );
    }

    const lost: Record<string, string[]> = {};
    for (const kind of kinds) {
      const missing = await kind.missing({ base: server.base, cookie }, acknowledged.get(kind.name)!);
      if (missing.length > 0) lost[kind.name] = missing;
    }
    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
    const database = new SQLite(join(dataDir, sqliteFileName));
    try {
      return {
        kills,
        acknowledged: Object.fromEntries([...acknowledged].map(([name, keys]) => [name, keys.length])),
        lost,
        unexpected,
        integrity: String(database.pragma('integrity_check', { simple: true })),
        foreignKeyProblems: (database.pragma('foreign_key_check') as unknown[]).length,
      };
    } finally {
      database.close();
    }
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
}
