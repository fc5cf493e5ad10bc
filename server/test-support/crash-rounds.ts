import { once } from 'node:events';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { BlogPost, BlogPostRevisionSummary, MediaRecord } from '../../src/content/types.gen.ts';
import { sqliteFileName } from '../store/database.ts';
import { freePort } from './free-port.ts';
import { SmtpSink } from './smtp-sink.ts';
import { signInOver, startBundledServer } from './server-process.ts';

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

const postBody = (key: string, title = `Post ${key}`) =>
  JSON.stringify({ title, slug: key, content: `<p>${key}</p>`, tags: ['crash'] });

async function send(base: string, cookie: string, method: string, path: string, body: string | FormData) {
  const headers: Record<string, string> = { origin: base, cookie };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, { method, headers, body });
}

export const postWrites: DurableWrite = {
  name: 'posts',
  async write({ base, cookie }, key) {
    const response = await send(base, cookie, 'POST', '/api/blogs', postBody(key));
    await response.body?.cancel();
    if (response.status === 201) return key;
    throw new Error(`a post was answered ${response.status}`);
  },
  async missing({ base, cookie }, acknowledged) {
    const stored = await storedSlugs(base, cookie);
    return acknowledged.filter((slug) => !stored.has(slug));
  },
};

/** A saved change to a post, kept as a revision: acknowledged by the 200 of the PUT; its key is "postId title". */
export const revisionWrites: DurableWrite = {
  name: 'revisions',
  async write({ base, cookie }, key) {
    const created = await send(base, cookie, 'POST', '/api/blogs', postBody(key));
    if (created.status !== 201) throw new Error(`a post was answered ${created.status}`);
    const { _id: id } = (await created.json()) as BlogPost;
    const title = `Revised ${key}`;
    const saved = await send(base, cookie, 'PUT', `/api/blogs/${id}`, postBody(key, title));
    await saved.body?.cancel();
    if (saved.status === 200) return `${id} ${title}`;
    throw new Error(`a change to a post was answered ${saved.status}`);
  },
  async missing({ base, cookie }, acknowledged) {
    const missing: string[] = [];
    for (const entry of acknowledged) {
      const [id, ...words] = entry.split(' ');
      const response = await fetch(`${base}/api/blogs/${id}/revisions`, { headers: { cookie } });
      const revisions = response.ok ? ((await response.json()) as BlogPostRevisionSummary[]) : [];
      if (!revisions.some((revision) => revision.title === words.join(' '))) missing.push(entry);
    }
    return missing;
  },
};

let imageCount = 0;

/** A small PNG of a colour no other upload of this run has, so that no upload is answered as a duplicate. */
async function uniqueImage(): Promise<Blob> {
  imageCount += 1;
  const background = { r: imageCount & 255, g: (imageCount >> 8) & 255, b: (imageCount >> 16) & 255 };
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

/** An uploaded image: acknowledged by the 201; its key is "mediaId fileUrl", and both must answer afterwards. */
export const mediaWrites: DurableWrite = {
  name: 'media',
  async write({ base, cookie }, key) {
    const form = new FormData();
    form.append('alt', `Image ${key}`);
    form.append('file', await uniqueImage(), `${key}.png`);
    const response = await send(base, cookie, 'POST', '/api/media', form);
    if (response.status !== 201) throw new Error(`an upload was answered ${response.status}`);
    const record = (await response.json()) as MediaRecord;
    return `${record._id} ${record.url}`;
  },
  async missing({ base, cookie }, acknowledged) {
    const missing: string[] = [];
    for (const entry of acknowledged) {
      const [id, url] = entry.split(' ');
      const record = await fetch(`${base}/api/media/${id}`, { headers: { cookie } });
      await record.body?.cancel();
      const file = await fetch(`${base}${url}`);
      const bytes = file.ok ? (await file.arrayBuffer()).byteLength : 0;
      if (record.status !== 200 || bytes === 0) missing.push(entry);
    }
    return missing;
  },
};

let leadCount = 0;

/**
 * An enquiry, acknowledged by its 201: it must be stored and its notification must reach the SMTP server even when
 * the kill came between the commit and the delivery. Each comes from an address of its own (the server trusts the
 * test as its proxy), so that the limits per address leave them alone; its key is its sender's name.
 */
export function leadWrites(sink: SmtpSink): DurableWrite {
  // Tokens are single-use: a batch is fetched ahead, then each enquiry takes its own. The key is in the database, so a
  // token outlives restarts. The rounds' server has no time trap (FORM_TIME_TRAP_MS=0), so no token waits to age:
  // while one did (3 s), the other writers wrote on, and every round's first enquiry came 3 s late.
  const ready: string[] = [];
  let filling: Promise<void> | undefined;
  const fill = (base: string) =>
    (filling ??= (async () => {
      const batch = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`${base}/api/form-token?form=enquiry`);
          return ((await response.json()) as { token: string }).token;
        }),
      );
      ready.push(...batch);
    })().finally(() => {
      filling = undefined;
    }));
  const nextToken = async (base: string) => {
    while (ready.length === 0) await fill(base);
    if (ready.length < 8) fill(base).catch(() => {});
    return ready.shift()!;
  };
  return {
    name: 'leads',
    async write({ base }, key) {
      const token = await nextToken(base);
      leadCount += 1;
      const response = await fetch(`${base}/api/enquiries`, {
        method: 'POST',
        headers: {
          origin: base,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(leadCount >> 16) & 255}.${(leadCount >> 8) & 255}.${leadCount & 255}`,
        },
        body: JSON.stringify({
          name: key,
          email: 'crash@example.com',
          message: `Enquiry ${key}, sent while the server may die.`,
          consent: true,
          formToken: token,
        }),
      });
      await response.body?.cancel();
      if (response.status === 201) return key;
      throw new Error(`an enquiry was answered ${response.status}`);
    },
    async missing(_server, acknowledged) {
      const deadline = Date.now() + 60_000;
      const arrived = () => new Set(sink.mails.map((mail) => mail.subject?.replace('New enquiry from ', '')));
      while (Date.now() < deadline && acknowledged.some((key) => !arrived().has(key))) await pause(50);
      const received = arrived();
      return acknowledged.filter((key) => !received.has(key));
    },
  };
}

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
  /** Time (ms since the epoch) after which no further round begins: the rounds done are checked and reported. */
  deadline?: number;
  /** Called after each round, for progress output. */
  onRound?: (round: number, acknowledged: number) => void;
}

/**
 * Starts the production server (bundled once, then started from the bundle) on a SQLite file, lets `writers`
 * connections write posts, revisions, uploads and enquiries while it runs for a random 50 to 300 ms, kills it with
 * SIGKILL, starts it again; after `kills` rounds checks that every acknowledged write is there, every enquiry's
 * notification reached a local SMTP server of the rounds' own, and SQLite finds the file intact.
 */
export async function crashRounds(options: CrashOptions): Promise<CrashReport> {
  // The subject of each enquiry's notice is all the rounds read of it.
  const sink = new SmtpSink(await freePort(), { headersOnly: true });
  await sink.start();
  try {
    const kinds = [postWrites, revisionWrites, mediaWrites, leadWrites(sink)];
    return await roundsOf(kinds, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }, options);
  } finally {
    await sink.stop();
  }
}

async function roundsOf(
  kinds: DurableWrite[],
  moreEnv: Record<string, string>,
  { dataDir, kills, writers = 4, deadline = Infinity, onRound }: CrashOptions,
): Promise<CrashReport> {
  const admin = { email: 'crash@northbeam.example', password: 'a password long enough' };
  const env = {
    DATA_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    // A notification being sent at a kill waits out its lease before a restarted server sends it again.
    MAIL_LEASE_SECONDS: '5',
    // Every enquiry of the rounds must be notified: none may fall to the hourly cap on notices.
    LEAD_NOTICES_PER_HOUR: '1000000',
    // What the rounds test is that acknowledged writes survive, not the forms' time trap (proven elsewhere).
    FORM_TIME_TRAP_MS: '0',
    ...moreEnv,
  };
  const start = (extra: Record<string, string> = {}) => startBundledServer({ ...env, ...extra });
  let server = await start({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  const acknowledged = new Map(kinds.map((kind) => [kind.name, [] as string[]]));
  const unexpected: string[] = [];
  const total = () => [...acknowledged.values()].reduce((sum, keys) => sum + keys.length, 0);
  try {
    // Sessions live in the database: the same cookie works after every restart.
    const cookie = await signInOver(server.base, admin);
    let sequence = 0;
    let round = 0;
    for (; round < kills && Date.now() < deadline; round += 1) {
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
      // Every kind of write lands at least once per round, so that each is cut off mid-way at some kill.
      const before = kinds.map((kind) => acknowledged.get(kind.name)!.length);
      const everyKindLanded = () => kinds.every((kind, index) => acknowledged.get(kind.name)!.length > before[index]!);
      for (let waited = 0; !everyKindLanded() && waited < 30_000; waited += 10) await pause(10);
      await pause(50 + Math.random() * 250);
      killed = true;
      child.kill('SIGKILL');
      await once(child, 'exit');
      await Promise.all(writing);
      server = await start();
      onRound?.(round + 1, total());
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
        kills: round,
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
