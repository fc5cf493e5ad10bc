import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { temporaryDirectory } from './test-requests.ts';

const filler = (length: number) => `<!-- ${'padding so that the file is worth compressing '.repeat(length / 48)} -->`;
const placeholder = 'https://site-origin.invalid';

export const fixturePages = {
  shell: `<!doctype html><html><head><title>App shell</title></head><body><div id="root"></div>${filler(2000)}</body></html>`,
  home: `<!doctype html><html><head><title>Home</title><link rel="canonical" href="${placeholder}/"></head><body><h1>Home</h1>${filler(2000)}</body></html>`,
  about: `<!doctype html><html><head><title>About</title><link rel="canonical" href="${placeholder}/about"></head><body><h1>About</h1></body></html>`,
};

/** When each content route's document last changed, as the build records it; /blog has no document. */
export const fixtureContentDates = { '/': '2024-01-02T03:04:05.000Z', '/about': '2025-06-07T08:09:10.000Z' };

export const fixtureAsset = { path: '/assets/app-Ab12Cd34.js', body: `console.log(${JSON.stringify(filler(4000))});` };

/**
 * A stand-in for the server render bundle with the real one's contract: it renders the home page, /blog (its ?q= and
 * ?page= read) and /blogs/:slug from the server's reads it is given, and every other address as not found.
 */
const fakeEntryServer = `
export const originPlaceholder = '${placeholder}';
export const renderedPerRequest = ['/', '/blog'];
export class ApiError extends Error {
  name = 'ApiError';
  constructor(status, message) { super(message); this.status = status; }
}
export function queryParametersOf(path) { return path === '/blog' ? ['page', 'q'] : []; }
const page = (status, title, canonical) => ({ status, head: '<title>' + title + '</title>' + (canonical ? '<link rel="canonical" href="' + canonical + '">' : ''), body: '<h1>' + title + '</h1>', state: '{}', modules: [] });
export async function render(url, origin, { reads }) {
  const { pathname: path, searchParams } = new URL(url, origin);
  if (path === '/') {
    const { posts } = await reads.listPosts({ limit: 3, status: 'published' });
    return page(200, 'Home: ' + posts.map((post) => post.title).join(', '), origin + '/');
  }
  if (path === '/blog') {
    const q = searchParams.get('q') || undefined;
    const offset = (Number(searchParams.get('page') || 1) - 1) * 10;
    const { posts, total } = await reads.listPosts({ limit: 10, offset, status: 'published', q });
    return page(200, 'Blog: ' + posts.map((post) => post.title).join(', ') + ' (' + total + ' in all)', origin + '/blog');
  }
  const slug = /^\\/blogs\\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    try {
      return page(200, (await reads.postBySlug(slug)).title, origin + path);
    } catch (error) {
      if (error.name === 'ApiError' && error.status === 404) return page(404, 'Blog Not Found');
      throw error;
    }
  }
  return page(404, 'Page not found at ' + origin);
}
export function postSummary(post) { return post.summary || 'Fallback summary of ' + post.html.length + ' characters'; }
export function fillTemplate(template, rendered) {
  return template.replace('</head>', () => rendered.head + '</head>').replace('<div id="root"></div>', () => '<div id="root">' + rendered.body + '</div>');
}
`;

/** A small stand-in for the site's build: dist/client and dist/server in a fresh temporary folder. Returns the client folder. */
export function createClientFixture(): string {
  const root = temporaryDirectory('northbeam-build-');
  const files: Record<string, string> = {
    'client/index.html': fixturePages.home,
    'client/about/index.html': fixturePages.about,
    [`client${fixtureAsset.path}`]: fixtureAsset.body,
    'client/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    'client/routes.json': JSON.stringify(['/', '/about', '/blog']),
    'client/.vite/manifest.json': '{}',
    // As in the repository, .js files are ES modules.
    'package.json': '{ "type": "module" }',
    'server/entry-server.js': fakeEntryServer,
    'server/template.html': fixturePages.shell,
    'server/content-dates.json': JSON.stringify(fixtureContentDates),
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  return join(root, 'client');
}
