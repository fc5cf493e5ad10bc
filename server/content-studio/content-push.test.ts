import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ContentDocumentVersion, ContentSaved, ContentStatus } from '../../src/content/types.gen.ts';
import { createContentRepository, runGit, type ContentRepository } from '../test-support/content-repository.ts';
import { startGitHttpServer, type GitHttpServer } from '../test-support/git-http-server.ts';
import { asAdmin, createTestApp, signIn, temporaryDirectory, type TestApp } from '../test-support/test-app.ts';

const token = 'ghp_studioTokenThatMustNeverShow42';
const fastRetry = { firstMs: 150, maxMs: 600 };
let server: GitHttpServer;
let remotes: string;
let bare: string;
const cleanups: (() => Promise<void> | void)[] = [];

const url = (id: string) => `/api/content/${encodeURIComponent(id)}`;
const remoteHead = () => runGit(bare, 'rev-parse', 'main');

interface Studio {
  app: FastifyInstance;
  testApp: TestApp;
  repository: ContentRepository;
  cookie: string;
  /** Every line the server logged. */
  lines: string[];
}

/** An app on a fresh clone of the bare remote, its log captured. */
async function startStudio(content: Record<string, unknown>): Promise<Studio> {
  const repository = createContentRepository({ git: false });
  runGit(repository.dir, 'clone', '--quiet', bare, 'checkout');
  const dir = join(repository.dir, 'checkout');
  const lines: string[] = [];
  const testApp = await createTestApp({
    content: { dir, branch: 'main', pushRetry: fastRetry, ...content },
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  cleanups.push(
    () => testApp.close(),
    () => repository.remove(),
  );
  return {
    app: testApp.app,
    testApp,
    repository: { ...repository, dir, git: (...args) => runGit(dir, ...args) },
    cookie: await signIn(testApp.app),
    lines,
  };
}

async function save({ app, cookie }: Pick<Studio, 'app' | 'cookie'>, id: string, description: string) {
  const opened = (await app.inject(asAdmin(cookie, { method: 'GET', url: url(id) }))).json<ContentDocumentVersion>();
  return app.inject(
    asAdmin(cookie, {
      method: 'PUT',
      url: url(id),
      payload: { document: { ...opened.document, description } },
      headers: { 'if-match': opened.version },
    }),
  );
}

const status = async ({ app, cookie }: Pick<Studio, 'app' | 'cookie'>) =>
  (await app.inject(asAdmin(cookie, { method: 'GET', url: '/api/content/status' }))).json<ContentStatus>();
const audit = async ({ app, cookie }: Pick<Studio, 'app' | 'cookie'>) =>
  (await app.inject(asAdmin(cookie, { method: 'GET', url: '/api/audit?action=content-push' }))).json<AuditEntry[]>();

async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return true;
  }
  return check();
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const description = (words: string) =>
  `Technical SEO, content and links, planned around the searches your buyers make: ${words}.`;

beforeAll(async () => {
  remotes = temporaryDirectory();
  bare = join(remotes, 'site.git');
  const source = createContentRepository();
  runGit(remotes, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  source.git('push', '--quiet', bare, 'HEAD:refs/heads/main');
  source.remove();
  server = await startGitHttpServer(remotes, 'x-access-token', token);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server.close();
  rmSync(remotes, { recursive: true, force: true });
});

describe('a content remote over HTTPS with its token kept out of the URL (CONTENT_GIT_TOKEN)', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ remote: `${server.url}/site.git`, token });
  });

  it('pushes each save through the askpass helper, and shows the remote as given', async () => {
    const response = await save(studio, 'services/seo', description('pushed with a token'));
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(remoteHead()).toBe(commit);
    expect(await status(studio)).toMatchObject({ remote: `${server.url}/site.git`, head: commit, unpushed: [] });
    expect(studio.lines.join('')).not.toContain(token);
  });

  it('keeps a save whose push fails, answers its commit, audits the failure, says what waits and why', async () => {
    server.down = true;
    const first = await save(studio, 'services/seo', description('saved while the remote is down'));
    expect(first.statusCode).toBe(200);
    const firstCommit = first.json<ContentSaved>().commit!;
    expect(firstCommit).toMatch(/^[0-9a-f]{40}$/);
    const second = await save(studio, 'pages/about', description('a second save while the remote is down'));
    expect(second.statusCode).toBe(200);
    const secondCommit = second.json<ContentSaved>().commit!;
    expect(secondCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(studio.repository.git('rev-parse', 'HEAD')).toBe(secondCommit);
    expect(remoteHead()).not.toBe(firstCommit);

    const waiting = await status(studio);
    expect(waiting.unpushed.map((change) => change.commit)).toEqual([secondCommit, firstCommit]);
    expect(waiting.pushError?.message).toMatch(/git push failed: .*503/);
    expect(JSON.stringify(waiting)).not.toContain(token);
    const failures = await audit(studio);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      outcome: 'failure',
      target: `main@${firstCommit}`,
      actor: 'editor@northbeam.example',
    });

    server.down = false;
    expect(await eventually(() => remoteHead() === secondCommit)).toBe(true);
    expect(await eventually(async () => (await status(studio)).pushError === undefined)).toBe(true);
    expect((await status(studio)).unpushed).toEqual([]);
    expect(await audit(studio)).toContainEqual(
      expect.objectContaining({ outcome: 'success', target: `main@${secondCommit}`, actor: null }),
    );
    const log = studio.lines.join('');
    expect(log).toContain('Could not push content commit');
    expect(log).not.toContain(token);
  });

  it('pushes at start-up what an earlier run could not', async () => {
    server.down = true;
    const saved = (
      await save(studio, 'pages/contact', description('saved just before a restart'))
    ).json<ContentSaved>();
    server.down = false;
    // Only the start-up push can bring it out: the restarted server would retry no sooner than in ten minutes.
    const restarted = await studio.testApp.restart({
      content: {
        dir: studio.repository.dir,
        branch: 'main',
        remote: `${server.url}/site.git`,
        token,
        pushRetry: { firstMs: 600_000, maxMs: 600_000 },
      },
    });
    expect(await eventually(() => remoteHead() === saved.commit)).toBe(true);
    expect((await status({ app: restarted, cookie: await signIn(restarted) })).unpushed).toEqual([]);
  });
});

describe('a content remote whose URL holds its credentials', () => {
  it('pushes with them, warns to move them, and never shows or logs them', async () => {
    const studio = await startStudio({ remote: server.url.replace('//', `//x-access-token:${token}@`) + '/site.git' });
    const response = await save(studio, 'legal/privacy-policy', description('pushed with a URL holding a token'));
    expect(response.statusCode).toBe(200);
    expect(remoteHead()).toBe(response.json<ContentSaved>().commit);
    expect((await status(studio)).remote).toBe(`${server.url}/site.git`);
    const log = studio.lines.join('');
    expect(log).toContain(`CONTENT_GIT_REMOTE (${server.url}/site.git) holds a credential`);
    expect(log).not.toContain(token);
  });

  it('keeps a save whose token the remote refuses, and says so without the token', async () => {
    const wrong = 'ghp_aWrongTokenThatMustNeverShow';
    const studio = await startStudio({ remote: `${server.url}/site.git`, token: wrong });
    const before = remoteHead();
    const response = await save(studio, 'pages/about', description('saved with a refused token'));
    expect(response.statusCode).toBe(200);
    expect(remoteHead()).toBe(before);
    const said = await status(studio);
    expect(said.pushError?.message).toMatch(/git push failed: .*Authentication failed/);
    expect(said.unpushed.map((change) => change.commit)).toEqual([response.json<ContentSaved>().commit]);
    expect(JSON.stringify(said) + studio.lines.join('')).not.toContain(wrong);
  });

  it('masks a token in the URL’s query wherever git repeats it', async () => {
    const secret = 'glpat-queryTokenNeverShown';
    const remote = `http://127.0.0.1:${await closedPort()}/site.git?private_token=${secret}`;
    const studio = await startStudio({ remote });
    const response = await save(studio, 'services/seo', description('saved with an unreachable remote'));
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    const said = await status(studio);
    expect(said.remote).toBe(remote.replace(secret, '***'));
    expect(said.pushError?.message).toContain('private_token=***');
    expect(said.unpushed.map((change) => change.commit)).toContain(commit);
    expect(JSON.stringify(said)).not.toContain(secret);
    expect(JSON.stringify(await audit(studio))).not.toContain(secret);
    expect(studio.lines.join('')).toContain('private_token=***');
    expect(studio.lines.join('')).not.toContain(secret);
  });
});
