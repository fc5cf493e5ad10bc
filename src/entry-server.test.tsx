// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '@/site/footer/footer.tsx';
import { fillTemplate, render, renderNotice, type BuildManifest, type RenderedPage } from './entry-server.tsx';

const renders = vi.hoisted(() => ({ footer: 0, waited: 0 }));

/** Counts the renders that wait for what suspends (React's static prerender), leaving them as they are. */
vi.mock('react-dom/static', async (importOriginal) => {
  const statics = await importOriginal<typeof import('react-dom/static')>();
  return {
    ...statics,
    prerenderToNodeStream: (...args: Parameters<typeof statics.prerenderToNodeStream>) => {
      renders.waited += 1;
      return statics.prerenderToNodeStream(...args);
    },
  };
});

vi.mock('@/site/footer/footer.tsx', async (importOriginal) =>
  (await import('@/site/footer/testing/counted-footer.ts')).countedFooter(importOriginal, renders),
);

describe("the server's render", () => {
  it('renders the footer once for every page it renders, and writes the markup rendering it in place would', async () => {
    const pages = [];
    for (const url of ['/no-such-page', '/nor-this-one', '/no-such-page']) {
      pages.push(await render(url, 'https://site.example'));
    }
    expect(renders.footer).toBe(1);

    const footer = renderToString(<Footer />);
    for (const page of pages) {
      expect(page.status).toBe(404);
      expect(page.body).not.toContain('<template');
      // The footer closes the page's markup, once, as the layout places it.
      expect(page.body.endsWith(footer)).toBe(true);
      expect(page.body.indexOf('<footer')).toBe(page.body.length - footer.length);
    }
  });
});

describe("the server's render of a page with lazy parts", () => {
  it('waits for them the first time, then renders without waiting, into the same page', async () => {
    renders.waited = 0;
    const first = await render('/', 'https://site.example');
    expect(renders.waited).toBe(1);
    const again = await render('/', 'https://site.example');
    expect(renders.waited).toBe(1);
    expect(again).toEqual(first);
  });
});

describe("the server's notices", () => {
  it('are the site: header, one h1 in main, footer; the form with its hidden fields; the title in the head', async () => {
    const page = await renderNotice(
      {
        eyebrow: 'Newsletter',
        heading: 'Unsubscribe from the Northbeam newsletter',
        text: 'Press the button.',
        form: {
          action: '/newsletter/unsubscribe?token=a&b',
          fields: [['List-Unsubscribe', 'One-Click']],
          button: 'Go',
        },
        links: [{ href: '/', label: 'Back to the home page' }],
      },
      'https://site.example',
      '/newsletter/unsubscribe',
    );
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Unsubscribe from the Northbeam newsletter | Northbeam</title>');
    expect(page.head).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page.body).toMatch(/<header[\s\S]*<main id="main"[\s\S]*<h1[\s\S]*<\/main>[\s\S]*<footer/);
    expect(page.body).toContain('<form action="/newsletter/unsubscribe?token=a&amp;b" method="post">');
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(page.body).toContain('<a href="/" class="button button-secondary">Back to the home page</a>');
    expect(page.modules).toEqual(['src/app/content-page.ts']);
  });
});

describe('fillTemplate', () => {
  const template =
    '<html><head><link rel="modulepreload" href="/assets/a.js"><script type="module" crossorigin src="/assets/index.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const page: RenderedPage = {
    status: 200,
    head: '<title>A page</title>',
    body: '<h1>A page</h1>',
    state: '{}',
    modules: ['src/blog/post-page/post-page.tsx'],
  };

  it("reads the build's manifest once for the pages of a route, and fills each the same", () => {
    const chunks: BuildManifest = {
      'src/main.tsx': { file: 'assets/index.js', isEntry: true, css: ['assets/site.css'] },
      'src/blog/post-page/post-page.tsx': { file: 'assets/post.js', css: ['assets/post.css'], imports: ['_shared'] },
      _shared: { file: 'assets/shared.js', css: ['assets/shared.css'] },
    };
    let reads = 0;
    const manifest = new Proxy(chunks, {
      get(target, key) {
        reads += 1;
        return Reflect.get(target, key);
      },
    });

    const first = fillTemplate(template, page, manifest);
    const readsForOnePage = reads;
    expect(readsForOnePage).toBeGreaterThan(0);
    expect(fillTemplate(template, page, manifest)).toBe(first);
    expect(reads).toBe(readsForOnePage);
    expect(first).toBe(
      '<html><head><script type="module" crossorigin fetchpriority="low" src="/assets/index.js"></script>' +
        '<link rel="stylesheet" href="/assets/post.css"><link rel="stylesheet" href="/assets/shared.css">' +
        '<title>A page</title></head><body><div id="root"><h1>A page</h1></div>' +
        '<script type="application/json" id="app-state">{}</script></body></html>',
    );
  });
});
