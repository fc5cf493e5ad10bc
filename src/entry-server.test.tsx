// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '@/site/footer/footer.tsx';
import { render } from './entry-server.tsx';

const renders = vi.hoisted(() => ({ footer: 0 }));

vi.mock('@/site/footer/footer.tsx', async (importOriginal) => {
  const footer = await importOriginal<typeof import('@/site/footer/footer.tsx')>();
  return {
    ...footer,
    Footer: () => {
      renders.footer += 1;
      return footer.Footer();
    },
  };
});

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
