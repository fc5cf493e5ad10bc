import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { Head, pageJsonLd } from './head.tsx';
import { OriginContext } from './origin.ts';

const origin = 'https://www.northbeam.example';

function structuredData(jsonLd: object | object[] | undefined): unknown[] {
  const { container } = render(
    <OriginContext value={origin}>
      <Head title="A page" description="About it." path="/a-page" site={site} jsonLd={jsonLd} />
    </OriginContext>,
  );
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map((element) =>
    JSON.parse(element.textContent ?? ''),
  );
}

const page = (route: string, kind: PageDocument['kind'], sections: PageDocument['sections'] = []) =>
  ({ route, title: 'A page | Northbeam', description: 'About it.', kind, sections }) as unknown as PageDocument;

describe('Head structured data', () => {
  it('writes no JSON-LD block for a page without structured data, never an empty list', () => {
    expect(structuredData([])).toEqual([]);
    expect(structuredData(undefined)).toEqual([]);
  });

  it('writes one object alone, and a list of several as a list', () => {
    expect(structuredData([{ '@type': 'Thing' }])).toEqual([{ '@type': 'Thing' }]);
    expect(structuredData([{ '@type': 'A' }, { '@type': 'B' }])).toEqual([[{ '@type': 'A' }, { '@type': 'B' }]]);
  });
});

describe('pageJsonLd', () => {
  it("gives the Organization's country as its ISO code", () => {
    const [organization] = pageJsonLd(page('/', 'page'), { route: '/', title: 'Home', description: 'x' }, site, origin);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      url: `${origin}/`,
      address: { '@type': 'PostalAddress', addressCountry: 'IN' },
    });
  });

  it('has nothing for a plain page', () => {
    expect(
      pageJsonLd(page('/about', 'page'), { route: '/about', title: 'About', description: 'x' }, site, origin),
    ).toEqual([]);
  });

  it('names the Organization, with its URL, as the author of an article signed by the team', () => {
    const hero = (name: string) => [
      { type: 'hero', heading: 'An article', author: { name, role: 'Writer', date: '2025-01-01', readingMinutes: 3 } },
    ];
    const meta = { route: '/an-article', title: 'An article', description: 'x' };
    const [byTeam] = pageJsonLd(
      page('/an-article', 'article', hero(site.brand.teamName) as PageDocument['sections']),
      meta,
      site,
      origin,
    );
    expect(byTeam).toMatchObject({ author: { '@type': 'Organization', name: site.brand.name, url: `${origin}/` } });
    const [byPerson] = pageJsonLd(
      page('/an-article', 'article', hero('Kavya Iyer') as PageDocument['sections']),
      meta,
      site,
      origin,
    );
    expect(byPerson).toMatchObject({ author: { '@type': 'Person', name: 'Kavya Iyer', jobTitle: 'Writer' } });
  });
});
