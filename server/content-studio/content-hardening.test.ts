import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContentDocumentVersion, ContentSummary } from '../../src/content/types.gen.ts';
import { startStudioApp, type StudioApp } from '../test-support/studio-app.ts';
import { asAdmin } from '../test-support/test-app.ts';
import { checkContent, dialledForm, formatProblem, leavesItsFolder } from './content-check.ts';
import { maxDocumentDepth } from './document-bounds.ts';

let studio: StudioApp;
let outside: string;

const url = (id: string) => `/api/content/${encodeURIComponent(id)}`;
const read = async (id: string) =>
  (
    await studio.testApp.app.inject(asAdmin(studio.owner, { method: 'GET', url: url(id) }))
  ).json<ContentDocumentVersion>();
const put = (id: string, document: object, version: string) =>
  studio.testApp.app.inject(
    asAdmin(studio.owner, { method: 'PUT', url: url(id), payload: { document }, headers: { 'if-match': version } }),
  );
/** content:check of the studio's checkout, with `changes` in place of their files; the repository's public/. */
const problems = (changes: Record<string, unknown> = {}) =>
  checkContent({
    root: studio.repository.dir,
    publicDir: join(import.meta.dirname, '../../public'),
    replace: new Map(Object.entries(changes)),
  }).problems.map(formatProblem);

async function refused(id: string, change: (document: Record<string, unknown>) => object) {
  const { document, version } = await read(id);
  const before = readFileSync(join(studio.repository.dir, 'content', `${id}.json`), 'utf8');
  const response = await put(id, change(structuredClone(document)), version);
  expect(readFileSync(join(studio.repository.dir, 'content', `${id}.json`), 'utf8')).toBe(before);
  return { status: response.statusCode, body: response.json<ApiError>() };
}

beforeAll(async () => {
  studio = await startStudioApp();
  outside = mkdtempSync(join(tmpdir(), 'northbeam-outside-'));
});
afterAll(async () => {
  await studio.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('asset paths', () => {
  it('refuse a part . or .. in the schema, however it is written', async () => {
    const site = JSON.parse(readFileSync(join(studio.repository.dir, 'content', 'site.json'), 'utf8')) as {
      brochure: { href: string };
      services: { image: { src: string } }[];
    };
    site.brochure.href = '/brochure/../../package.json.pdf';
    site.services[0]!.image.src = '/images/../../../../etc/hostname.svg';
    site.services[1]!.image.src = '/images/%2e%2e/%2e%2e/secret.svg';
    site.services[2]!.image.src = '/images/..\\..\\secret.svg';
    site.services[3]!.image.src = '/images/./services/seo.svg';
    const found = problems({ 'content/site.json': site });
    for (const pointer of [
      '/brochure/href',
      '/services/0/image/src',
      '/services/1/image/src',
      '/services/2/image/src',
      '/services/3/image/src',
    ]) {
      expect(found).toContainEqual(
        expect.stringMatching(new RegExp(`^content/site.json ${pointer}: must match pattern`)),
      );
    }
  });

  it('are judged by content:check after decoding, wherever a document names one', () => {
    expect(leavesItsFolder('/images/%2e%2e/x.svg')).toBe(true);
    expect(leavesItsFolder('/images/%252E%252E/x.svg')).toBe(true);
    expect(leavesItsFolder('/images/..\\x.svg')).toBe(true);
    expect(leavesItsFolder('/images/./x.svg')).toBe(true);
    expect(leavesItsFolder('/images/a..b.svg')).toBe(false);
    expect(leavesItsFolder('/images/services/seo.svg')).toBe(false);
  });
});

describe('what content/ holds besides regular files', () => {
  it('is never read nor listed, and content:check names it', async () => {
    writeFileSync(join(outside, 'secret.json'), JSON.stringify({ secret: 'from outside the repository' }));
    writeFileSync(join(outside, 'notes.txt'), 'not JSON at all');
    const pages = join(studio.repository.dir, 'content', 'pages');
    symlinkSync(join(outside, 'secret.json'), join(pages, 'leak.json'));
    symlinkSync(join(outside, 'notes.txt'), join(pages, 'broken.json'));
    try {
      const list = await studio.testApp.app.inject(asAdmin(studio.owner, { method: 'GET', url: '/api/content' }));
      expect(list.statusCode).toBe(200);
      const ids = list.json<ContentSummary[]>().map((entry) => entry.id);
      expect(ids).not.toContain('pages/leak');
      expect(ids).not.toContain('pages/broken');
      const leak = await studio.testApp.app.inject(asAdmin(studio.owner, { method: 'GET', url: url('pages/leak') }));
      expect(leak.statusCode).toBe(404);
      expect(leak.body).not.toContain('from outside');
      expect(problems()).toEqual([
        'content/pages/broken.json /: is not a regular file (a symbolic link?): it is never read nor served; replace it with the file',
        'content/pages/leak.json /: is not a regular file (a symbolic link?): it is never read nor served; replace it with the file',
      ]);
    } finally {
      rmSync(join(pages, 'leak.json'));
      rmSync(join(pages, 'broken.json'));
    }
  });
});

describe('the bounds of a document', () => {
  it('refuse sections nested 5,000 deep with 400 and the pointer of the level too deep', async () => {
    const { document, version } = await read('services/seo');
    const before = readFileSync(join(studio.repository.dir, 'content', 'services', 'seo.json'), 'utf8');
    // Written out as text: serialising so deep a value would exhaust the test's own stack.
    const nested = `${'{"sections":['.repeat(5000)}{"type":"prose"}${']}'.repeat(5000)}`;
    const payload = `{"document":${JSON.stringify({ ...document, sections: [] }).replace('"sections":[]', `"sections":[${nested}]`)}}`;
    const response = await studio.testApp.app.inject(
      asAdmin(studio.owner, {
        method: 'PUT',
        url: url('services/seo'),
        payload,
        headers: { 'if-match': version, 'content-type': 'application/json' },
      }),
    );
    expect(response.statusCode).toBe(400);
    const { details } = response.json<ApiError>();
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toMatch(/^\/sections\/0(\/sections\/0)+$/);
    expect(details[0]!.path.split('/').length - 1).toBe(maxDocumentDepth);
    expect(details[0]!.message).toMatch(/nested more than 32 levels deep/);
    expect(readFileSync(join(studio.repository.dir, 'content', 'services', 'seo.json'), 'utf8')).toBe(before);
  });

  it('refuse a 950 KB $schema as too large, and any $schema but the expected one', async () => {
    const large = await refused('services/seo', (document) => ({ ...document, $schema: 'x'.repeat(950 * 1024) }));
    expect(large.status).toBe(400);
    expect(large.body.details).toEqual([{ path: '/', message: expect.stringMatching(/at most 256 KB/) }]);
    const other = await refused('services/seo', (document) => ({ ...document, $schema: 'https://evil.example/s' }));
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([{ path: '/$schema', message: 'must be equal to constant' }]);
  });

  it('are checked by content:check too, without failing on the document', () => {
    let nested: unknown = 'deep';
    for (let level = 0; level < 5000; level += 1) nested = [nested];
    expect(problems({ 'content/services/seo.json': { sections: nested } })).toContainEqual(
      expect.stringMatching(/^content\/services\/seo.json \/sections(\/0)+: is nested more than 32 levels deep/),
    );
  });
});

describe('the phone number', () => {
  it('is refused when the number shown and the number dialled differ, naming the shown one', async () => {
    const { status, body } = await refused('site', (document) => {
      const contact = document.contact as { phone: { display: string; tel: string } };
      contact.phone.display = '+91 124 555 0199';
      return document;
    });
    expect(status).toBe(400);
    expect(body.details).toEqual([
      { path: '/contact/phone/display', message: expect.stringContaining('the number dialled is "+911245550142"') },
    ]);
  });

  it('reads a shown number as a tel: link dials it', () => {
    expect(dialledForm('+91 124 555 0142')).toBe('+911245550142');
    expect(dialledForm('+91 (124) 555-0142')).toBe('+911245550142');
    expect(dialledForm('Call +91 124 555 0142')).toBe('Call +91 124 555 0142');
  });
});
