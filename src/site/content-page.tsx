import type { PageDocument, PageMeta } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { SectionRenderer, type SectionComponents } from '@/sections/section-renderer.tsx';
import { useContext } from 'react';
import { Head, pageJsonLd } from '@/ui/head.tsx';
import { OriginContext } from '@/ui/origin.ts';

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
  return (
    <div className={doc.tone === 'dark' ? 'page-dark' : undefined}>
      <Head
        title={meta.title}
        description={meta.description}
        path={meta.route}
        site={site}
        type={doc.kind === 'article' ? 'article' : 'website'}
        jsonLd={pageJsonLd(doc, meta, site, origin)}
      />
      <SectionRenderer sections={doc.sections} site={site} components={components} />
    </div>
  );
}
