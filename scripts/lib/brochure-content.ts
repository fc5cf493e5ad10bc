/** What the brochure tells, gathered from the content documents: each service with its offerings, and the cases. */
import type { PageDocument, SiteDocument } from '../../src/content/types.gen.ts';

export interface BrochureService {
  title: string;
  summary: string;
  image: string;
  /** The titles of the service page's offerings, the first few. */
  offerings: string[];
}

export interface BrochureCase {
  image: string;
  caption: string;
}

export interface BrochureContent {
  site: SiteDocument;
  services: BrochureService[];
  cases: BrochureCase[];
}

const offeringsShown = 3;

function pageAt(pages: readonly PageDocument[], route: string): PageDocument | undefined {
  return pages.find((page) => page.route === route || page.alsoAt?.some((alias) => alias.route === route));
}

export function brochureContent(site: SiteDocument, pages: readonly PageDocument[]): BrochureContent {
  const services = site.services.map((service) => {
    const offerings = pageAt(pages, service.route)?.sections.find((section) => section.type === 'offerings');
    return {
      title: service.title,
      summary: service.summary,
      image: service.image.src,
      offerings:
        offerings?.type === 'offerings' ? offerings.items.slice(0, offeringsShown).map((item) => item.title) : [],
    };
  });
  const cases = (pageAt(pages, '/portfolio')?.sections ?? []).flatMap((section) =>
    section.type === 'carousel'
      ? section.slides.flatMap((slide) =>
          slide.kind === 'image' && slide.caption ? [{ image: slide.image.src, caption: slide.caption }] : [],
        )
      : [],
  );
  return { site, services, cases };
}
