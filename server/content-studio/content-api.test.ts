import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  ContentChange,
  ContentDocumentVersion,
  ApiError as ContentProblems,
  ContentSaved,
  ContentStatus,
  ContentSummary,
} from '../../src/content/types.gen.ts';
import { createContentRepository, type ContentRepository } from '../test-support/content-repository.ts';
import { addMember } from '../test-support/team.ts';
import { startStudioApp, type StudioApp } from '../test-support/studio-app.ts';
import { asAdmin, signIn, type TestApp } from '../test-support/test-app.ts';

let repository: ContentRepository;
let testApp: TestApp;
let owner: string;
let editor: StudioApp['editor'];

const url = (id: string, rest = '') => `/api/content/${encodeURIComponent(id)}${rest}`;
const get = (path: string, cookie = owner) => testApp.app.inject(asAdmin(cookie, { method: 'GET', url: path }));
const read = async (id: string) => (await get(url(id))).json<ContentDocumentVersion>();
const put = (id: string, payload: object, ifMatch?: string, cookie = editor.cookie) =>
  testApp.app.inject(
    asAdmin(cookie, { method: 'PUT', url: url(id), payload, headers: ifMatch ? { 'if-match': `"${ifMatch}"` } : {} }),
  );
const fileOf = (id: string) => readFileSync(join(repository.dir, 'content', `${id}.json`), 'utf8');
const commitCount = () => Number(repository.git('rev-list', '--count', 'HEAD'));

/** Runs a refusal and checks that it wrote nothing: the file, the working tree and the commits as before. */
async function refusedWithNothingWritten<T>(id: string, attempt: () => Promise<T>): Promise<T> {
  const [before, commits] = [fileOf(id), commitCount()];
  const result = await attempt();
  expect(fileOf(id)).toBe(before);
  expect(commitCount()).toBe(commits);
  expect(repository.git('status', '--porcelain')).toBe('');
  return result;
}

let studio: StudioApp;
beforeAll(async () => {
  studio = await startStudioApp();
  ({ repository, testApp, owner, editor } = studio);
});
afterAll(() => studio.close());

describe('the content studio API', () => {
  it('lists every document of content/ with its kind, route and last commit', async () => {
    const response = await get('/api/content');
    expect(response.statusCode).toBe(200);
    const list = response.json<ContentSummary[]>();
    const files = readdirSync(join(repository.dir, 'content'), { recursive: true }).filter((file) =>
      String(file).endsWith('.json'),
    );
    expect(list).toHaveLength(files.length);
    expect(list.find((entry) => entry.id === 'services/seo')).toMatchObject({
      kind: 'service',
      route: '/seo',
      schema: 'page.schema.json',
      lastChange: { author: 'A developer', message: 'The content as the project has it' },
    });
    expect(list.find((entry) => entry.id === 'site')).toMatchObject({ kind: 'site', schema: 'site.schema.json' });
    expect(list.find((entry) => entry.id === 'redirects')).toMatchObject({ kind: 'redirects' });
  });

  it('loads and saves every document unchanged without a byte of difference or a commit', async () => {
    const head = repository.git('rev-parse', 'HEAD');
    for (const { id } of (await get('/api/content')).json<ContentSummary[]>()) {
      const response = await get(url(id));
      const { document, version } = response.json<ContentDocumentVersion>();
      expect(response.headers.etag).toBe(`"${version}"`);
      const saved = await put(id, { document }, version);
      expect({ id, status: saved.statusCode, body: saved.json<ContentSaved>() }).toEqual({
        id,
        status: 200,
        body: { version, commit: null },
      });
    }
    expect(repository.git('status', '--porcelain')).toBe('');
    expect(repository.git('rev-parse', 'HEAD')).toBe(head);
  }, 120_000);

  it('saves a change as a commit by the member, with the server as committer, audited, and a new version', async () => {
    const { document, version } = await read('services/seo');
    const changed = { ...document, description: `${document.description as string} Now with audits.` };
    const response = await put('services/seo', { document: changed }, version);
    expect(response.statusCode).toBe(200);
    const saved = response.json<ContentSaved>();
    expect(saved.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(saved.version).not.toBe(version);
    expect(repository.git('rev-parse', 'HEAD')).toBe(saved.commit);
    expect(repository.git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s')).toBe(
      `Maya Editor <${editor.email}>|Northbeam studio <studio@northbeam.example>|Change Description on /seo`,
    );
    expect(repository.git('show', '--name-only', '--format=', 'HEAD')).toBe('content/services/seo.json');
    expect(repository.git('status', '--porcelain')).toBe('');
    const now = await read('services/seo');
    expect(now.version).toBe(saved.version);
    expect(now.document.description).toBe(changed.description);
    // Keys keep their order and the file stays formatted as the repository formats it.
    expect(Object.keys(now.document)).toEqual(Object.keys(document));
    expect(fileOf('services/seo')).toBe(`${JSON.stringify(now.document, null, 2)}\n`.replace(/\n\s*\n/g, '\n'));
    const audit = (await get('/api/audit?action=content-save')).json<AuditEntry[]>();
    expect(audit[0]).toMatchObject({
      actor: editor.email,
      action: 'content-save',
      target: `services/seo@${saved.commit}`,
    });
    const history = (await get(url('services/seo', '/history'))).json<ContentChange[]>();
    expect(history.map((change) => change.commit)).toEqual([saved.commit, history[1]!.commit]);
    expect(history[0]).toMatchObject({ author: 'Maya Editor', authorEmail: editor.email });
  });

  it('keeps a message the member gives', async () => {
    const { document, version } = await read('legal/refund-policy');
    const changed = { ...document, title: `${document.title as string} (updated)` };
    const response = await put(
      'legal/refund-policy',
      { document: changed, message: 'Name the refund policy as updated' },
      version,
    );
    expect(response.statusCode).toBe(200);
    expect(repository.git('log', '-1', '--format=%s')).toBe('Name the refund policy as updated');
  });

  it('refuses an invalid field with its JSON pointer, and writes nothing', async () => {
    const { document, version } = await read('pages/about');
    const response = await refusedWithNothingWritten('pages/about', () =>
      put('pages/about', { document: { ...document, title: 42, colour: 'red' } }, version),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<ContentProblems>();
    expect(body.message).toMatch(/^Nothing was saved/);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: '/title', message: 'must be string' },
        { path: '/colour', message: 'is not an allowed field here' },
      ]),
    );
  });

  it('refuses a link to a route that does not exist, and a change that breaks another document', async () => {
    const blog = await read('pages/blog');
    const sections = JSON.stringify(blog.document.sections);
    const linked = sections.replace('"route":"/seo-for-bussiness"', '"route":"/no-such-page"');
    expect(linked).not.toBe(sections);
    const unknown = await refusedWithNothingWritten('pages/blog', () =>
      put('pages/blog', { document: { ...blog.document, sections: JSON.parse(linked) } }, blog.version),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ContentProblems>().details).toContainEqual({
      path: expect.stringMatching(/^\/sections\/\d+\/.*route$/),
      message: 'links to "/no-such-page", which is no route of the site',
    });

    const seo = await read('services/seo');
    const moved = await refusedWithNothingWritten('site', () =>
      put('services/seo', { document: { ...seo.document, route: '/search-engine-optimisation' } }, seo.version),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ContentProblems>().problems).toContainEqual({
      id: 'site',
      path: expect.stringMatching(/^\/services\/\d+\/route$/),
      message: expect.stringContaining('has no page'),
    });
  });

  it('refuses script in any field: markup in text, a javascript: link', async () => {
    const about = await read('pages/about');
    const markup = await refusedWithNothingWritten('pages/about', () =>
      put('pages/about', { document: { ...about.document, title: '<script>alert(1)</script>' } }, about.version),
    );
    expect(markup.statusCode).toBe(400);
    expect(markup.json<ContentProblems>().details.map((detail) => detail.path)).toContain('/title');
    const site = await read('site');
    const social = structuredClone(site.document.social) as { url: string }[];
    social[0]!.url = 'javascript:alert(1)';
    const link = await refusedWithNothingWritten('site', () =>
      put('site', { document: { ...site.document, social } }, site.version),
    );
    expect(link.statusCode).toBe(400);
    expect(link.json<ContentProblems>().details.map((detail) => detail.path)).toContain('/social/0/url');
  });

  it('answers 409 with the current document when the version moved, and 428 without If-Match', async () => {
    const opened = await read('pages/contact');
    const text = 'Write to us or call: we answer every enquiry within one working day.';
    const first = await put('pages/contact', { document: { ...opened.document, description: text } }, opened.version);
    expect(first.statusCode).toBe(200);
    const stale = await refusedWithNothingWritten('pages/contact', () =>
      put('pages/contact', { document: { ...opened.document, description: `${text} Again.` } }, opened.version),
    );
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json<{ message: string; current: ContentDocumentVersion }>();
    expect(conflict.message).toMatch(/Someone else saved this document/);
    expect(conflict.current).toMatchObject({ id: 'pages/contact', version: first.json<ContentSaved>().version });
    expect(conflict.current.document.description).toBe(text);

    const unconditional = await refusedWithNothingWritten('pages/contact', () =>
      put('pages/contact', { document: opened.document }),
    );
    expect(unconditional.statusCode).toBe(428);
    expect(unconditional.json<{ message: string }>().message).toMatch(/If-Match/);
  });

  it('sees a developer’s commit made outside the studio: the old version is stale', async () => {
    const opened = await read('pages/portfolio');
    const changed = 'Work we are proud of, changed by a developer in git rather than in the studio.';
    const path = join('content', 'pages', 'portfolio.json');
    writeFileSync(
      join(repository.dir, path),
      fileOf('pages/portfolio').replace(opened.document.description as string, changed),
    );
    repository.git('commit', '--quiet', '-am', 'A developer edits the portfolio');
    const stale = await put('pages/portfolio', { document: opened.document }, opened.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ current: ContentDocumentVersion }>().current.document.description).toBe(changed);
  });

  it('answers 404 for an id outside the catalogue, such as one climbing out with ..', async () => {
    for (const id of ['../package', 'pages/../site', '..%2F..%2Fetc%2Fpasswd', 'pages/nothing']) {
      expect((await get(url(id))).statusCode).toBe(404);
      const response = await refusedWithNothingWritten('site', () => put(id, { document: {} }, 'abc'));
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses authors and contributors with 403 naming the permission', async () => {
    const { document, version } = await read('site');
    for (const role of ['author', 'contributor'] as const) {
      const { cookie } = await addMember(testApp.app, owner, role);
      expect((await get('/api/content', cookie)).statusCode).toBe(403);
      const response = await refusedWithNothingWritten('site', () => put('site', { document }, version, cookie));
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toContain('"content"');
    }
  });

  it('shows a past version and restores it as a new commit', async () => {
    const history = (await get(url('services/seo', '/history'))).json<ContentChange[]>();
    const original = history.at(-1)!.commit;
    const past = (await get(url('services/seo', `/at/${original}`))).json<ContentDocumentVersion>();
    expect(past.document.description).not.toMatch(/Now with audits/);
    expect((await get(url('services/seo', `/at/${'0'.repeat(40)}`))).statusCode).toBe(404);

    const response = await testApp.app.inject(
      asAdmin(editor.cookie, { method: 'POST', url: url('services/seo', '/restore'), payload: { commit: original } }),
    );
    expect(response.statusCode).toBe(200);
    const saved = response.json<ContentSaved>();
    expect(saved.version).toBe(past.version);
    // The page named by its title and route, the version by its time: what the history shows of it.
    expect(repository.git('log', '-1', '--format=%an|%s')).toMatch(
      /^Maya Editor\|Restore “SEO Services in Gurugram \| Northbeam” \(\/seo\) to its version of \d{2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} UTC$/,
    );
    const audit = (await get('/api/audit?action=content-restore')).json<AuditEntry[]>();
    expect(audit[0]).toMatchObject({ action: 'content-restore', target: `services/seo@${saved.commit}` });
  });

  it('says where it writes, and which saved commits the site does not show yet', async () => {
    const status = (await get('/api/content/status')).json<ContentStatus>();
    const first = repository.git('rev-list', '--max-parents=0', 'HEAD');
    expect(status).toMatchObject({
      writable: true,
      branch: 'main',
      head: repository.git('rev-parse', 'HEAD'),
      live: first,
    });
    expect(status.reason).toBeUndefined();
    expect(status.pending.map((change) => change.commit)).toEqual(
      repository.git('log', '--format=%H', `${first}..HEAD`, '--', 'content').split('\n').filter(Boolean),
    );
  });
});

describe('a read-only deployment', () => {
  it('reads, and refuses saves and restores with a sentence saying how to enable editing', async () => {
    const copy = createContentRepository({ git: false });
    const app = await testApp.addInstance({ content: { dir: copy.dir } });
    try {
      const cookie = await signIn(app);
      const status = (
        await app.inject(asAdmin(cookie, { method: 'GET', url: '/api/content/status' }))
      ).json<ContentStatus>();
      expect(status).toMatchObject({ writable: false, branch: null, head: null, pending: [] });
      expect(status.reason).toMatch(/CONTENT_DIR/);
      const opened = await app.inject(asAdmin(cookie, { method: 'GET', url: url('site') }));
      expect(opened.statusCode).toBe(200);
      const { document, version } = opened.json<ContentDocumentVersion>();
      const before = readFileSync(join(copy.dir, 'content', 'site.json'), 'utf8');
      const save = await app.inject(
        asAdmin(cookie, { method: 'PUT', url: url('site'), payload: { document }, headers: { 'if-match': version } }),
      );
      expect(save.statusCode).toBe(409);
      expect(save.json<{ message: string }>().message).toMatch(/Editing is off.*CONTENT_DIR/);
      const restore = await app.inject(
        asAdmin(cookie, { method: 'POST', url: url('site', '/restore'), payload: { commit: 'a'.repeat(40) } }),
      );
      expect(restore.statusCode).toBe(409);
      expect(readFileSync(join(copy.dir, 'content', 'site.json'), 'utf8')).toBe(before);
    } finally {
      await app.close();
      copy.remove();
    }
  });
});
