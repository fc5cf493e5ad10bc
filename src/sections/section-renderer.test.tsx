import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '@/content/site.ts';
import type { Section } from '@/content/types.gen.ts';
import { SectionRenderer, sectionComponents } from './section-renderer.tsx';
import { MemoryRouter } from '@/ui/site-router/memory-router.tsx';

const image = { src: '/images/home/hero.svg', alt: 'A rising chart', width: 640, height: 520 };
const options = {
  speedMs: 500,
  slidesVisible: 1.5,
  slidesVisibleNarrow: 1,
  autoplay: false,
  loop: 'narrow',
  dots: false,
  arrows: false,
} as const;

/** One example of every section type, each with a heading to find it by. */
const examples: { [K in Section['type']]: Extract<Section, { type: K }> } = {
  hero: { type: 'hero', heading: 'Hero heading', text: 'Hero text', image },
  prose: { type: 'prose', blocks: [{ heading: 'Prose heading', paragraphs: ['Prose paragraph'] }] },
  split: { type: 'split', heading: 'Split heading', paragraphs: ['Split text'], image },
  offerings: {
    type: 'offerings',
    heading: 'Offerings heading',
    items: [1, 2, 3].map((n) => ({ title: `Offer ${n}`, description: 'Desc', bullets: ['a', 'b', 'c', 'd'] })),
  },
  'feature-grid': {
    type: 'feature-grid',
    heading: 'Feature heading',
    items: [
      { heading: 'Fast', text: 'Quick' },
      { heading: 'Kind', text: 'Nice' },
    ],
  },
  'service-grid': {
    type: 'service-grid',
    heading: 'Service heading',
    services: ['/seo'],
    viewAll: { label: 'View all', route: '/service' },
  },
  carousel: {
    type: 'carousel',
    heading: 'Carousel heading',
    label: 'Example carousel',
    options,
    slides: [{ kind: 'card', heading: 'Our Vision', text: 'Vision text' }],
  },
  contact: { type: 'contact', variant: 'details', heading: 'Contact heading' },
  'enquiry-form': { type: 'enquiry-form', heading: 'Enquiry heading', service: 'seo' },
  'application-form': { type: 'application-form', heading: 'Application heading' },
  'newsletter-signup': { type: 'newsletter-signup', heading: 'Newsletter heading' },
  'recent-articles': { type: 'recent-articles', heading: 'Recent heading', count: 3, allPostsLabel: 'All Posts' },
  'post-list': { type: 'post-list', heading: 'Post list heading', pageSize: 6 },
  'blog-cards': {
    type: 'blog-cards',
    heading: 'Blog cards heading',
    featured: { title: 'Featured', teaser: 'T', dateLabel: 'May 20th', route: '/seo-for-bussiness', image },
    cards: [{ title: 'Card', teaser: 'T', dateLabel: 'March 18', route: '/automation-to-ai', image }],
  },
  'video-hero': {
    type: 'video-hero',
    heading: 'Video heading',
    video: {
      src: '/video/portfolio-reel.mp4',
      poster: '/images/portfolio/reel-poster.webp',
      width: 1280,
      height: 720,
      label: 'Reel',
    },
  },
  'logo-band': {
    type: 'logo-band',
    heading: 'Logo heading',
    logos: ['a', 'b', 'c'].map((name) => ({ ...image, src: `/images/${name}.svg`, alt: name })),
  },
  'image-banner': { type: 'image-banner', heading: 'Banner heading', image },
  journey: {
    type: 'journey',
    heading: 'Journey heading',
    steps: [1, 2, 3].map((n) => ({ title: `Step ${n}`, text: 'Then' })),
  },
};

function renderSections(sections: Section[]) {
  return render(
    <MemoryRouter>
      <SectionRenderer sections={sections} site={site} />
    </MemoryRouter>,
  );
}

describe('SectionRenderer', () => {
  it('has a component for every section type', () => {
    expect(Object.keys(sectionComponents).sort()).toEqual(Object.keys(examples).sort());
  });

  it.each(Object.values(examples).map((section) => [section.type, section] as const))(
    'renders a %s section',
    async (_, section) => {
      renderSections([section]);
      const heading = section.type === 'prose' ? 'Prose heading' : (section as { heading: string }).heading;
      // A section whose widget (a carousel, the reel's control) loads lazily appears when its code has arrived.
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    },
  );

  it('renders sections in order, with the hero as the only h1', () => {
    renderSections([examples.hero, examples.offerings, examples.journey]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual(['Offerings heading', 'Journey heading']);
  });

  it('numbers the offerings and lists their bullets', () => {
    renderSections([examples.offerings]);
    const list = screen.getAllByRole('list')[0]!;
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(list).getAllByText(/^[abcd]$/)).toHaveLength(12);
    expect(screen.getByText('01')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Offer 3' })).toBeInTheDocument();
  });

  it('takes service cards from site.json, with a View-all card', () => {
    renderSections([examples['service-grid']]);
    expect(screen.getByRole('link', { name: 'Search Engine Optimization' })).toHaveAttribute('href', '/seo');
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/service');
  });

  it('shows the HR e-mail when a contact section asks for it', () => {
    renderSections([{ type: 'contact', variant: 'details', heading: 'Apply', email: 'hr', show: ['email'] }]);
    expect(screen.getByRole('link', { name: site.contact.hrEmail })).toHaveAttribute(
      'href',
      `mailto:${site.contact.hrEmail}`,
    );
  });

  it('keeps the recent-articles slot empty but for the All Posts card until posts arrive', () => {
    renderSections([examples['recent-articles']]);
    expect(screen.getByRole('link', { name: /All Posts/ })).toHaveAttribute('href', '/blog');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('links the phone from an image banner, writing the label and the number as text', () => {
    renderSections([
      { type: 'image-banner', image: { ...image, alt: '' }, link: { label: 'Call us now', contact: 'phone' } },
    ]);
    const link = screen.getByRole('link', { name: `Call us now ${site.contact.phone.display}` });
    expect(link).toHaveAttribute('href', `tel:${site.contact.phone.tel}`);
    expect(link).not.toHaveAttribute('aria-label');
  });

  it('names an image banner linking to a route by its label', () => {
    renderSections([{ type: 'image-banner', image, link: { label: 'See our work', route: '/portfolio' } }]);
    expect(screen.getByRole('link', { name: 'See our work' })).toHaveAttribute('href', '/portfolio');
  });

  it('renders nothing for a type it does not know', () => {
    const { container } = renderSections([{ type: 'unknown' } as unknown as Section]);
    expect(container).toBeEmptyDOMElement();
  });
});
