import type { PageDocument, PageMeta } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { SectionRenderer, type SectionComponents } from '@/sections/section-renderer.tsx';
import { useContext } from 'react';
import { Head, pageJsonLd } from '@/ui/head.tsx';
import { OriginContext } from '@/ui/origin.ts';
import { useSearchParams } from '@/ui/site-router/hooks.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';

interface ContentPageProps {
  doc: PageDocument;
  /** The route's own title and description when it is an alias (alsoAt) of the document. */
  meta: PageMeta;
  /** Components that fill the sections a page cannot render from its JSON alone (posts from the API). */
  components?: Partial<SectionComponents>;
}

/** A page that is its JSON: its head, then its sections in order. */
export function ContentPage({ doc, meta, components }: ContentPageProps) {
  const origin = useContext(OriginContext);
  const [searchParams] = useSearchParams();
  // A page listing posts is a page of its own from the second on (/blog?page=2): its own title and canonical address.
  // A search's results are not: they point at the listing.
  const paged = doc.sections.some((section) => section.type === 'post-list') && !searchParams.get('q');
  const page = paged ? pageFromSearch(searchParams.get('page')) : 1;
  return (
    <div className={doc.tone === 'dark' ? 'page-dark' : undefined}>
      <Head
        title={page > 1 ? `${meta.title}, page ${page}` : meta.title}
        description={meta.description}
        path={page > 1 ? `${meta.route}?page=${page}` : meta.route}
        site={site}
        type={doc.kind === 'article' ? 'article' : 'website'}
        jsonLd={pageJsonLd(doc, meta, site, origin)}
      />
      <SectionRenderer sections={doc.sections} site={site} components={components} />
    </div>
  );
}
