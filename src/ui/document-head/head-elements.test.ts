import { beforeEach, describe, expect, it } from 'vitest';
import { applyHeadElements, type HeadElement } from './head-elements.ts';

const title = (text: string): HeadElement => ({ tag: 'title', attributes: {}, text });
const meta = (attributes: Record<string, string>): HeadElement => ({ tag: 'meta', attributes });
const link = (attributes: Record<string, string>): HeadElement => ({ tag: 'link', attributes });

const headHtml = () => document.head.innerHTML;

describe('applyHeadElements', () => {
  beforeEach(() => {
    applyHeadElements(document.head, []);
    document.head.innerHTML =
      '<meta charset="UTF-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="/favicon.svg">';
  });

  it("adopts the server's elements in place, without duplicates", () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title>Home</title><meta name="description" content="Old"><link rel="canonical" href="https://a.example/">',
    );
    const canonical = document.head.querySelector('link[rel="canonical"]');
    applyHeadElements(document.head, [
      title('Home'),
      meta({ name: 'description', content: 'New' }),
      link({ rel: 'canonical', href: 'https://a.example/' }),
    ]);
    expect(document.head.querySelectorAll('title, meta[name="description"], link[rel="canonical"]')).toHaveLength(3);
    expect(document.head.querySelector('link[rel="canonical"]')).toBe(canonical);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'New');
  });

  it("replaces one page's elements with the next page's and leaves the template's alone", () => {
    applyHeadElements(document.head, [
      title('Not found'),
      meta({ name: 'robots', content: 'noindex' }),
      link({ rel: 'alternate', type: 'application/rss+xml', href: '/blog/category/seo/rss.xml' }),
      meta({ property: 'og:title', content: 'Not found' }),
    ]);
    applyHeadElements(document.head, [title('About'), meta({ property: 'og:title', content: 'About' })]);
    expect(document.title).toBe('About');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'About');
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
  });

  it('keeps one alternate link per address, and removes duplicates of a slot', () => {
    document.head.insertAdjacentHTML('beforeend', '<title>One</title><title>Two</title>');
    applyHeadElements(document.head, [
      title('Blog'),
      link({ rel: 'alternate', href: '/rss.xml' }),
      link({ rel: 'alternate', href: '/blog/tag/seo/rss.xml' }),
    ]);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(2);
    expect(headHtml()).not.toContain('Two');
  });

  it('drops attributes the new element does not have', () => {
    applyHeadElements(document.head, [link({ rel: 'alternate', href: '/rss.xml', title: 'Feed' })]);
    applyHeadElements(document.head, [link({ rel: 'alternate', href: '/rss.xml' })]);
    expect(document.head.querySelector('link[rel="alternate"]')?.hasAttribute('title')).toBe(false);
  });
});
