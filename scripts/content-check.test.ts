import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../src/content/types.gen.ts';
import { loadContent } from './lib/content.ts';
import { checkContent } from '../server/content-studio/content-check.ts';
import { createContentAjv, formatError } from '../server/content-studio/content-schemas.ts';
import { repositoryRoot } from '../server/repository-root.ts';

const ajv = createContentAjv();
const validatePage = ajv.getSchema('page.schema.json')!;
const validateSite = ajv.getSchema('site.schema.json')!;

function pageErrors(doc: unknown): string[] {
  return validatePage(doc) ? [] : (validatePage.errors ?? []).map(formatError);
}

const validPage = {
  $schema: '../../schemas/page.schema.json',
  route: '/example',
  title: 'An example page',
  description: 'A description long enough to pass the fifty character minimum of the schema.',
  sections: [{ type: 'hero', heading: 'Example' }],
};

describe('content documents', () => {
  const { site, pages } = loadContent();

  it('site.json validates against site.schema.json', () => {
    expect(validateSite(site.data) ? [] : validateSite.errors?.map(formatError)).toEqual([]);
  });

  it.each(pages.map((page) => [page.path, page.data] as const))('%s validates against page.schema.json', (_, data) => {
    expect(pageErrors(data)).toEqual([]);
  });

  it('covers every route of the specification', () => {
    const routes = pages.flatMap((page) => [page.data.route, ...(page.data.alsoAt ?? []).map((meta) => meta.route)]);
    const expected = [
      '/',
      '/about',
      '/service',
      '/blog',
      '/contact',
      '/work-with-us',
      '/seo-for-bussiness',
      '/negative-marketing-demands',
      '/first-thing-to-develop',
      '/automation-to-ai',
      '/privacy-policy',
      '/term-and-conditions',
      '/refund-policy',
      '/portfolio',
      // Beyond the specification: where the enquiry and application forms lead once sent.
      '/contact/thank-you',
      '/work-with-us/thank-you',
      // Where the newsletter's signup leads once sent.
      '/newsletter/check-your-inbox',
      ...site.data.services.map((service) => service.route),
    ];
    expect(new Set(routes)).toEqual(new Set(expected));
    expect(site.data.services).toHaveLength(13);
  });
});

describe('page schema', () => {
  it('accepts a minimal page', () => {
    expect(pageErrors(validPage)).toEqual([]);
  });

  it('names a missing field', () => {
    const { title: _title, ...page } = validPage;
    expect(pageErrors(page)).toContain('/: is missing required field "title"');
  });

  it('names an unknown field of a section', () => {
    const page = { ...validPage, sections: [{ type: 'hero', heading: 'Hi', colour: 'red' }] };
    expect(pageErrors(page)).toContain('/sections/0/colour: is not an allowed field here');
  });

  it('rejects an unknown section type with one message', () => {
    const page = { ...validPage, sections: [{ type: 'banner-ad', heading: 'Hi' }] };
    expect(pageErrors(page)).toEqual(['/sections/0: value of tag "type" must be in oneOf']);
  });

  it('requires four or five bullets per offering', () => {
    const offering = { title: 'Audit', description: 'What we check.', bullets: ['One', 'Two', 'Three'] };
    const page = {
      ...validPage,
      sections: [{ type: 'offerings', heading: 'What we offer', items: [offering, offering, offering] }],
    };
    expect(pageErrors(page)).toContain('/sections/0/items/0/bullets: must NOT have fewer than 4 items');
  });

  it('rejects a description outside 50 to 160 characters', () => {
    expect(pageErrors({ ...validPage, description: 'Too short.' })).toContain(
      '/description: must NOT have fewer than 50 characters',
    );
  });

  it('rejects HTML in text', () => {
    const page = { ...validPage, sections: [{ type: 'hero', heading: '<script>alert(1)</script>' }] };
    expect(pageErrors(page)[0]).toMatch(/^\/sections\/0\/heading: must match pattern/);
  });

  it('rejects a carousel option that is not one of the allowed values', () => {
    const page = {
      ...validPage,
      sections: [
        validPage.sections[0],
        {
          type: 'carousel',
          label: 'Slides',
          options: {
            speedMs: 500,
            slidesVisible: 7,
            slidesVisibleNarrow: 1,
            autoplay: false,
            loop: 'sometimes',
            dots: false,
            arrows: false,
          },
          slides: [{ kind: 'card', heading: 'A', text: 'B' }],
        },
      ],
    };
    expect(pageErrors(page)).toEqual([
      '/sections/1/options/slidesVisible: must be one of 1, 1.5, 2, 2.5, 3',
      '/sections/1/options/loop: must be one of "always", "narrow", "never"',
    ]);
  });
});

describe('content:check and images', () => {
  const seoPath = 'content/services/seo.json';
  const seo = () => JSON.parse(readFileSync(join(repositoryRoot, seoPath), 'utf8')) as PageDocument;
  const withHero = (change: (image: Record<string, unknown>) => void) => {
    const page = seo();
    change((page.sections[0] as unknown as { image: Record<string, unknown> }).image);
    return checkContent({ replace: new Map([[seoPath, page]]) }).problems.filter(({ file }) => file === seoPath);
  };

  it('names the file and the field of an image that is not in the repository, the library’s included', () => {
    for (const src of ['/images/services/missing.svg', '/images/library/0123456789abcdef0123.webp']) {
      expect(withHero((image) => (image.src = src))).toEqual([
        {
          file: seoPath,
          pointer: '/sections/0/image/src',
          message: `refers to "${src}", which is not in public/: choose an image that exists`,
        },
      ]);
    }
  });

  it('refuses an image without alt text, and a video or font where an image belongs', () => {
    expect(withHero((image) => (image.alt = ''))).toEqual([
      { file: seoPath, pointer: '/sections/0/image/alt', message: 'must NOT have fewer than 1 characters' },
    ]);
    expect(withHero((image) => (image.src = '/video/portfolio-reel.mp4')).map(({ pointer }) => pointer)).toEqual([
      '/sections/0/image/src',
    ]);
  });
});
