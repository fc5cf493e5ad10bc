import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPost } from '@/api/testing/posts.ts';
import { OriginContext } from '@/ui/origin.ts';
import { PostHead } from './post-head.tsx';

const head = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

function renderHead(fields: Parameters<typeof aPost>[0]) {
  return render(
    <OriginContext.Provider value="https://www.northbeam.example">
      <PostHead post={aPost(fields)} />
    </OriginContext.Provider>,
  );
}

describe('PostHead', () => {
  it('uses the SEO fields for the title, description, image, canonical URL and JSON-LD', () => {
    renderHead({
      metaTitle: 'Compounding SEO, explained',
      metaDescription: 'A short answer for search results.',
      ogImage: '/media/card-abc.jpg',
      canonicalUrl: 'https://medium.example/seo-that-compounds',
    });
    expect(document.title).toBe('Compounding SEO, explained');
    expect(head('meta[name="description"]')).toBe('A short answer for search results.');
    expect(head('meta[property="og:image"]')).toBe('https://www.northbeam.example/media/card-abc.jpg');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://medium.example/seo-that-compounds',
    );
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({
      headline: 'SEO that compounds',
      description: 'A short answer for search results.',
      image: 'https://www.northbeam.example/media/card-abc.jpg',
      mainEntityOfPage: 'https://medium.example/seo-that-compounds',
    });
  });

  it('falls back to the title, summary, cover and own address', () => {
    renderHead({});
    expect(document.title).toBe('SEO that compounds | Northbeam');
    expect(head('meta[name="description"]')).toBe('How to treat search as a growth system.');
    expect(head('meta[property="og:image"]')).toBe(
      'https://www.northbeam.example/images/articles/seo-for-bussiness.svg',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://www.northbeam.example/blogs/seo-that-compounds',
    );
  });
});
