import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  ApiError,
  ContentDocumentVersion,
  ContentSaved,
  ContentStatus,
  EnquiryInput,
  SiteDocument,
} from '../../src/content/types.gen.ts';
import { consentVersion } from '../../src/domain/consent-version.ts';
import { readRepositorySite } from '../forms/index.ts';
import { repositoryRoot } from '../repository-root.ts';
import {
  createContentRepository,
  createRemoteWithClone,
  runGit,
  type ContentRepository,
} from '../test-support/content-repository.ts';
import { enquiry, formToken, postEnquiry } from '../test-support/leads.ts';
import { sharedOnce } from '../test-support/shared-folder.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

// Two instances with a bare remote, both started on one build of the content as committed. A save is built and served
// by the instance that made it, and by the other once it has pulled it: three builds of the whole site in all, on two
// cores shared with other runners.
const buildWaitMs = 240_000;

let first: ContentRepository;
let second: ContentRepository;
let builds: string;
let startBuild: string;
let testApp: TestApp;
let other: FastifyInstance;
let cookies: Map<FastifyInstance, string>;

const seo = `/api/content/${encodeURIComponent('services/seo')}`;
const page = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).body;
const status = async (app: FastifyInstance) =>
  (await app.inject(asAdmin(cookies.get(app)!, { method: 'GET', url: '/api/content/status' }))).json<ContentStatus>();

/** Waits until `check` holds, for at most `ms`: a build takes seconds. */
async function eventually(check: () => Promise<boolean>, ms = buildWaitMs): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await check()) return true;
  }
  return check();
}

async function saveHeading(app: FastifyInstance, heading: string): Promise<ContentSaved> {
  const opened = (await app.inject(asAdmin(cookies.get(app)!, { method: 'GET', url: seo }))).json<
    ContentDocumentVersion & { document: { sections: { heading?: string }[] } }
  >();
  const [hero, ...rest] = opened.document.sections;
  const response = await app.inject(
    asAdmin(cookies.get(app)!, {
      method: 'PUT',
      url: seo,
      payload: { document: { ...opened.document, sections: [{ ...hero, heading }, ...rest] } },
      headers: { 'if-match': opened.version },
    }),
  );
  expect(response.statusCode).toBe(200);
  return response.json<ContentSaved>();
}

/** The builds an instance made. */
const buildsOf = (name: string): string[] =>
  existsSync(join(builds, name)) ? readdirSync(join(builds, name)).filter((entry) => entry.startsWith('site-')) : [];

/**
 * The newest build an instance made (its builds are named `<pid>-<time>-<count>`), with what it wrote of itself
 * (scripts/build-site.ts): whether Vite ran, and its steps.
 */
function newestBuild(name: string): { vite: boolean; steps: { name: string }[] } {
  const dir = join(builds, name);
  const made = buildsOf(name).sort((a, b) => Number(a.split('-')[2]) - Number(b.split('-')[2]) || a.localeCompare(b));
  return JSON.parse(readFileSync(join(dir, made.at(-1)!, 'server', 'build.json'), 'utf8')) as {
    vite: boolean;
    steps: { name: string }[];
  };
}

/** The document the browser loads for /seo, by the content version its page names. */
async function documentTheBrowserLoads(app: FastifyInstance): Promise<string> {
  const version = /<meta name="content-version" content="([0-9a-f]+)"/.exec(await page(app, '/seo'))![1]!;
  const response = await app.inject({ method: 'GET', url: `/assets/content.${version}.services.seo.json` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('immutable');
  return response.body;
}

beforeAll(async () => {
  // Inside the repository, as the server's own builds are (dist/live): the render bundle imports its packages.
  mkdirSync(join(repositoryRoot, 'node_modules', '.cache'), { recursive: true });
  builds = mkdtempSync(join(repositoryRoot, 'node_modules', '.cache', 'northbeam-live-'));
  first = createContentRepository();
  // The site as `npm run build` makes it, from the content as committed: what both instances serve at start. Built
  // once a test run, in the folder its passes share (shared-folder.ts), so that the PostgreSQL pass serves the SQLite
  // pass's: the builds after a save only read it (they link its files and write theirs by renaming into place).
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const buildSite = (out: string) =>
    promisify(execFile)(process.execPath, [tsx, 'scripts/build-site.ts', '--out', out], {
      cwd: repositoryRoot,
      env: { ...process.env, CONTENT_DIR: first.dir, NODE_ENV: 'production' },
    });
  startBuild = await sharedOnce(
    inject('sharedFolder'),
    'content-live-start',
    async (out) => void (await buildSite(out)),
  );
  const clientDir = join(startBuild, 'client');
  const made = createRemoteWithClone(first);
  second = made.clone;
  const content = (dir: string, name: string) => ({
    dir,
    remote: made.remote,
    branch: 'main',
    buildsDir: join(builds, name),
  });
  testApp = await createTestApp({ clientDir, content: content(first.dir, 'first') });
  other = await testApp.addInstance({ clientDir, content: content(second.dir, 'second') });
  cookies = new Map([
    [testApp.app, await signIn(testApp.app)],
    [other, await signIn(other)],
  ]);
}, buildWaitMs);
afterAll(async () => {
  await testApp?.close();
  first?.remove();
  second?.remove();
  rmSync(builds, { recursive: true, force: true });
}, 60_000);

describe('content saved in the studio goes live without a restart', () => {
  const heading = 'SEO that brings buyers who are ready to talk';
  const newBudget = 'Over ₹1 crore a month';
  const newConsent =
    'I agree that Northbeam may keep what I send here to answer my enquiry, and delete it after six months.';

  it(
    'serves a build of the content as committed without building it again, and says so in the status',
    async () => {
      const head = first.git('rev-parse', 'HEAD');
      for (const app of [testApp.app, other]) {
        expect(await eventually(async () => (await status(app)).live === head, 30_000)).toBe(true);
        expect(await status(app)).toMatchObject({ head, live: head, pending: [] });
        expect(await page(app, '/seo')).toContain('SEO that earns lasting visibility');
      }
      // They serve the run's one build of the content as committed, and neither built one of its own.
      expect(startBuild.startsWith(inject('sharedFolder'))).toBe(true);
      for (const name of ['first', 'second']) expect(buildsOf(name)).toEqual([]);
    },
    2 * buildWaitMs,
  );

  it(
    'shows a save in the first HTML and the sitemap of both instances, the old page until the new one is whole',
    async () => {
      const { commit } = await saveHeading(testApp.app, heading);
      const pending = await status(testApp.app);
      // Until its build is served, the save is listed as pending and the page is the old one, whole.
      if (pending.live !== commit) {
        expect(pending.pending.map((change) => change.commit)).toContain(commit);
        expect(await page(testApp.app, '/seo')).toContain('SEO that earns lasting visibility');
      }
      for (const app of [testApp.app, other]) {
        expect(await eventually(async () => (await page(app, '/seo')).includes(heading))).toBe(true);
        expect(await status(app)).toMatchObject({ head: commit, live: commit, pending: [] });
        const committedAt = new Date(runGit(first.dir, 'log', '-1', '--format=%cI', commit!)).toISOString();
        expect(await page(app, '/sitemap.xml')).toContain(`/seo</loc><lastmod>${committedAt}</lastmod>`);
        // The page's own chunk of the new build, and the old build's chunks for pages already open.
        const script = /<script type="module"[^>]* src="([^"]+)"/.exec(await page(app, '/seo'))![1]!;
        expect((await app.inject({ method: 'GET', url: script })).statusCode).toBe(200);
        // What the browser hydrates the page with is the document the server rendered it from.
        const document = JSON.parse(await documentTheBrowserLoads(app)) as { sections: { heading?: string }[] };
        expect(document.sections[0]!.heading).toBe(heading);
      }
      // Only words of a page changed: both instances published it from their served build, without Vite.
      for (const name of ['first', 'second']) {
        const build = newestBuild(name);
        expect(build.vite).toBe(false);
        expect(build.steps.map((step) => step.name)).not.toContain('client and render bundles (Vite)');
      }
    },
    2 * buildWaitMs,
  );

  it(
    'serves a saved redirect on both instances without a restart',
    async () => {
      const redirects = `/api/content/${encodeURIComponent('redirects')}`;
      const opened = (
        await testApp.app.inject(asAdmin(cookies.get(testApp.app)!, { method: 'GET', url: redirects }))
      ).json<ContentDocumentVersion & { document: { redirects: object[] } }>();
      const moved = { from: '/search-engine-optimisation', to: '/seo', status: 301, note: 'The old name of the page.' };
      const response = await testApp.app.inject(
        asAdmin(cookies.get(testApp.app)!, {
          method: 'PUT',
          url: redirects,
          payload: { document: { ...opened.document, redirects: [...opened.document.redirects, moved] } },
          headers: { 'if-match': opened.version },
        }),
      );
      expect(response.statusCode).toBe(200);
      for (const app of [testApp.app, other]) {
        const location = async () =>
          (await app.inject({ method: 'GET', url: `${moved.from}?ref=mail` })).headers.location;
        expect(await eventually(async () => (await location()) === '/seo?ref=mail')).toBe(true);
        expect((await app.inject({ method: 'GET', url: moved.from })).statusCode).toBe(301);
        expect((await app.inject({ method: 'GET', url: '/blog-detail' })).headers.location).toBe('/blog');
      }
      for (const name of ['first', 'second']) expect(newestBuild(name).vite).toBe(false);
    },
    2 * buildWaitMs,
  );

  it(
    'builds the whole site again, with Vite, for a save of site.json, which the bundles hold',
    async () => {
      const siteUrl = `/api/content/${encodeURIComponent('site')}`;
      const opened = (
        await testApp.app.inject(asAdmin(cookies.get(testApp.app)!, { method: 'GET', url: siteUrl }))
      ).json<ContentDocumentVersion & { document: SiteDocument }>();
      // With settings the forms take from it (an owner's change): their choices and consent words.
      const site = structuredClone(opened.document);
      site.footer.navigationHeading = 'Find your way';
      site.forms.enquiry.budgets.push(newBudget);
      site.forms.enquiry.consentText = newConsent;
      const response = await testApp.app.inject(
        asAdmin(cookies.get(testApp.app)!, {
          method: 'PUT',
          url: siteUrl,
          payload: { document: site },
          headers: { 'if-match': opened.version },
        }),
      );
      expect(response.statusCode).toBe(200);
      for (const app of [testApp.app, other]) {
        expect(
          await eventually(async () => (await page(app, '/seo')).includes('>Find your way<'), 2 * buildWaitMs),
        ).toBe(true);
        expect(await page(app, '/seo')).not.toContain('>Explore<');
        // The words saved before are still there: the full build read the same documents.
        expect(await page(app, '/seo')).toContain(heading);
      }
      for (const name of ['first', 'second']) {
        const build = newestBuild(name);
        expect(build.vite).toBe(true);
        expect(build.steps.map((step) => step.name)).toContain('client and render bundles (Vite)');
      }
    },
    4 * buildWaitMs,
  );

  it('has the forms accept what the new pages offer and record the words they show, without a restart', async () => {
    const oldConsent = readRepositorySite().forms.enquiry.consentText;
    for (const app of [testApp.app, other]) {
      // The page offers the new budget, with the new consent words and their version.
      const contact = await page(app, '/contact');
      expect(contact).toContain(`>${newBudget}</option>`);
      expect(contact).toContain(`name="consentVersion" value="${consentVersion(newConsent)}"`);
      const sent = async (body: object) => {
        const response = await app.inject(
          postEnquiry(enquiry({ ...body, formToken: await formToken(app, testApp.clock) } as Partial<EnquiryInput>)),
        );
        expect(response.statusCode).toBe(201);
        const { _id } = response.json<{ _id: string }>();
        const lead = await app.inject(asAdmin(cookies.get(app)!, { method: 'GET', url: `/api/leads/${_id}` }));
        return lead.json<{ budget: string; consentText: string }>();
      };
      expect(await sent({ budget: newBudget, consentVersion: consentVersion(newConsent) })).toMatchObject({
        budget: newBudget,
        consentText: newConsent,
      });
      // A page loaded before the change, sent after it: the words it showed are the ones recorded.
      expect(await sent({ consentVersion: consentVersion(oldConsent) })).toMatchObject({ consentText: oldConsent });
      // Words no page served lately showed are never recorded.
      const unknown = await app.inject(
        postEnquiry(enquiry({ consentVersion: 'x0', formToken: await formToken(app, testApp.clock) })),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ApiError>().details).toEqual([
        { path: '/consent', message: expect.stringMatching(/changed/) },
      ]);
    }
  });
});
