import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocumentVersion, ContentSaved, ContentStatus } from '../../src/content/types.gen.ts';
import {
  createContentRepository,
  createRemoteWithClone,
  runGit,
  type ContentRepository,
} from '../test-support/content-repository.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let first: ContentRepository;
let second: ContentRepository;
let remote: string;
let testApp: TestApp;
let other: FastifyInstance;
let cookie: string;

const url = (id: string, rest = '') => `/api/content/${encodeURIComponent(id)}${rest}`;
const remoteHead = () => runGit(remote, 'rev-parse', 'main');

async function saveDescription(app: FastifyInstance, id: string, description: string) {
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

/** Waits until `check` holds, for at most `ms`: another instance catches up within its watcher's interval. */
async function eventually(check: () => boolean, ms = 15_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (check()) return true;
  }
  return check();
}

/** A developer's commit pushed straight to the remote's main, from a third clone. */
function developerPush(file: string, edit: (text: string) => string): void {
  const developer = createRemoteWithCloneOf(remote);
  const path = join(developer, 'content', file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  runGit(
    developer,
    '-c',
    'user.name=Dev',
    '-c',
    'user.email=dev@northbeam.example',
    'commit',
    '--quiet',
    '-am',
    `Edit ${file}`,
  );
  runGit(developer, 'push', '--quiet', 'origin', 'HEAD:main');
}

function createRemoteWithCloneOf(bare: string): string {
  const dir = join(testApp.dataDir, `developer-${Date.now()}`);
  runGit(testApp.dataDir, 'clone', '--quiet', bare, dir);
  return dir;
}

beforeAll(async () => {
  first = createContentRepository();
  const made = createRemoteWithClone(first);
  remote = made.remote;
  second = made.clone;
  testApp = await createTestApp({ content: { dir: first.dir, remote, branch: 'main' } });
  other = await testApp.addInstance({ content: { dir: second.dir, remote, branch: 'main' } });
  cookie = await signIn(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  first.remove();
  second.remove();
});

describe('content saved with a remote (CONTENT_GIT_REMOTE)', () => {
  const description = 'Technical SEO, content and links, planned around the searches your buyers make, pushed.';

  it('pushes each save, and another instance pulls it through the database', async () => {
    const response = await saveDescription(testApp.app, 'services/seo', description);
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(remoteHead()).toBe(commit);
    const otherFile = join(second.dir, 'content', 'services', 'seo.json');
    expect(await eventually(() => readFileSync(otherFile, 'utf8').includes(description))).toBe(true);
    expect(second.git('rev-parse', 'HEAD')).toBe(commit);
    const status = (
      await other.inject(asAdmin(await signIn(other), { method: 'GET', url: '/api/content/status' }))
    ).json<ContentStatus>();
    expect(status).toMatchObject({ writable: true, branch: 'main', remote, head: commit });
  });

  it('rebases a save onto a developer’s push that touched another file', async () => {
    developerPush('legal/privacy-policy.json', (text) => text.replace('"title": "', '"title": "Our '));
    const developerCommit = remoteHead();
    const response = await saveDescription(testApp.app, 'pages/about', `${description} About us.`);
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(remoteHead()).toBe(commit);
    expect(runGit(remote, 'rev-parse', `${commit}~1`)).toBe(developerCommit);
    expect(readFileSync(join(first.dir, 'content', 'legal', 'privacy-policy.json'), 'utf8')).toContain(
      '"title": "Our ',
    );
  });

  it('keeps a save that conflicts with a developer’s push on a branch of its own, and says so', async () => {
    developerPush('pages/contact.json', (text) =>
      text.replace(
        /"description": "[^"]*"/,
        '"description": "A developer wrote this description, fifty characters or more."',
      ),
    );
    const developerCommit = remoteHead();
    const response = await saveDescription(testApp.app, 'pages/contact', `${description} Contact.`);
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(remoteHead()).toBe(developerCommit);
    const waiting = `studio-waiting/${commit!.slice(0, 12)}`;
    expect(runGit(remote, 'rev-parse', waiting)).toBe(commit);
    const status = (
      await testApp.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/content/status' }))
    ).json<ContentStatus>();
    expect(status.waitingBranch).toBe(waiting);
    expect(status.reason).toMatch(/waits on the branch/);
    expect(first.git('rev-parse', 'HEAD')).toBe(developerCommit);
  });
});
