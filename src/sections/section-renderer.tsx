import { lazy, type ComponentType } from 'react';
import type { Section, SiteDocument } from '@/content/types.gen.ts';
import { SectionBoundary } from '@/ui/section-boundary/section-boundary.tsx';
import { BlogCards } from './blog-cards/blog-cards.tsx';
import { CarouselSection } from './carousel/carousel-section.tsx';
import { Contact } from './contact/contact.tsx';
import { FeatureGrid } from './feature-grid/feature-grid.tsx';
import { Hero } from './hero/hero.tsx';
import { ImageBanner } from './image-banner/image-banner.tsx';
import { Journey } from './journey/journey.tsx';
import { formModules } from './lazy-section-modules.ts';
import { LogoBand } from './logo-band/logo-band.tsx';
import { Offerings } from './offerings/offerings.tsx';
import { PostList } from './post-list/post-list.tsx';
import { Prose } from './prose/prose.tsx';
import { RecentArticles } from './recent-articles/recent-articles.tsx';
import { ServiceGrid } from './service-grid/service-grid.tsx';
import { Split } from './split/split.tsx';
import { VideoHero } from './video-hero/video-hero.tsx';
import type { SectionProps, SectionType } from './types.ts';

/** A section whose code is a chunk of its own: it renders inside the section's Suspense boundary once that arrives. */
function lazySection<K extends SectionType>(
  load: () => Promise<ComponentType<SectionProps<K>>>,
): ComponentType<SectionProps<K>> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazySection(props: SectionProps<K>) {
    return <Lazy {...props} />;
  };
}

const ApplicationForm = lazySection(formModules['application-form']);
const EnquiryForm = lazySection(formModules['enquiry-form']);
const NewsletterSignup = lazySection(formModules['newsletter-signup']);

/** One component per section type: adding a type to the schemas without a component fails to compile. */
export type SectionComponents = { [K in SectionType]: ComponentType<SectionProps<K>> };

export const sectionComponents: SectionComponents = {
  'application-form': ApplicationForm,
  'blog-cards': BlogCards,
  carousel: CarouselSection,
  contact: Contact,
  'enquiry-form': EnquiryForm,
  'feature-grid': FeatureGrid,
  hero: Hero,
  'image-banner': ImageBanner,
  journey: Journey,
  'logo-band': LogoBand,
  'newsletter-signup': NewsletterSignup,
  offerings: Offerings,
  'post-list': PostList,
  prose: Prose,
  'recent-articles': RecentArticles,
  'service-grid': ServiceGrid,
  split: Split,
  'video-hero': VideoHero,
};

interface SectionRendererProps {
  sections: Section[];
  site: SiteDocument;
  /** Replaces the components of some types, such as the blog's data-filled slots. */
  components?: Partial<SectionComponents>;
}

/** Renders a page's sections in order; an unknown type renders nothing. */
export function SectionRenderer({ sections, site, components }: SectionRendererProps) {
  return sections.map((section, index) => {
    const Component = (components?.[section.type] ?? sectionComponents[section.type]) as
      ComponentType<SectionProps<SectionType>> | undefined;
    return Component ? (
      <SectionBoundary key={index}>
        <Component section={section} site={site} />
      </SectionBoundary>
    ) : null;
  });
}
