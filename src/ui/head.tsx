import type { PageDocument, PageMeta, SiteDocument } from '@/content/types.gen.ts';
import { OriginContext, useAbsoluteUrl } from './origin.ts';
import { useContext } from 'react';

interface HeadProps {
  title: string;
  description: string;
  path: string;
  site: SiteDocument;
  /** Path of the image shown when the page is shared; the site's share image by default. */
  image?: string;
  type?: 'website' | 'article';
  /** Structured data for search engines, one JSON-LD object or a list. */
  jsonLd?: object | object[];
  noindex?: boolean;
  /** Absolute address of the original when the page's content first appeared elsewhere; the page's own by default. */
  canonicalUrl?: string;
}

/**
 * A page's head: title, description, canonical URL, Open Graph and Twitter tags, JSON-LD. React lifts the title, meta
 * and link elements into the document's head, on the server and in the browser, wherever a page renders them.
 */
export function Head({
  title,
  description,
  path,
  site,
  image,
  type = 'website',
  jsonLd,
  noindex,
  canonicalUrl,
}: HeadProps) {
  const origin = useContext(OriginContext);
  const ownUrl = useAbsoluteUrl(path);
  const url = canonicalUrl ?? ownUrl;
  const imageUrl = useAbsoluteUrl(image ?? site.brand.shareImage?.src ?? site.brand.logo.src);
  const feedUrl = new URL('/rss.xml', origin || 'http://localhost').href;
  // A page without structured data gets no block at all (an empty list is a validator warning), one object alone.
  const structuredData = Array.isArray(jsonLd) ? (jsonLd.length > 1 ? jsonLd : jsonLd[0]) : jsonLd;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      <link rel="alternate" type="application/rss+xml" title={`${site.brand.name} blog`} href={feedUrl} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.brand.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {structuredData && (
        <script
          type="application/ld+json"
          // JSON-LD is data, not script; "<" is escaped so no text can close the element.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, '\\u003c') }}
        />
      )}
    </>
  );
}

/** The agency itself as an author: what a post signed with the team's name is written by. */
export function organizationAuthor(site: SiteDocument, homeUrl: string): object {
  return { '@type': 'Organization', name: site.brand.name, url: homeUrl };
}

/** Structured data for a content page: the Organization on the home page, breadcrumbs on services. */
export function pageJsonLd(doc: PageDocument, meta: PageMeta, site: SiteDocument, origin: string): object[] {
  const absolute = (path: string) => new URL(path, origin || 'http://localhost').href;
  const data: object[] = [];
  if (meta.route === '/') {
    const { address, phone, email } = site.contact;
    data.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.brand.name,
      legalName: site.brand.legalName,
      url: absolute('/'),
      logo: absolute(site.brand.logo.src),
      email,
      telephone: phone.tel,
      address: {
        '@type': 'PostalAddress',
        streetAddress: address.lines.join(', '),
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.countryCode,
      },
      contactPoint: [
        { '@type': 'ContactPoint', contactType: 'sales', telephone: phone.tel, email },
        { '@type': 'ContactPoint', contactType: 'human resources', email: site.contact.hrEmail },
      ],
      sameAs: site.social.map((profile) => profile.url),
    });
  }
  if (doc.kind === 'service') {
    data.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: absolute('/') },
        { '@type': 'ListItem', position: 2, name: 'Services', item: absolute('/service') },
        { '@type': 'ListItem', position: 3, name: meta.title.split(' | ')[0], item: absolute(meta.route) },
      ],
    });
  }
  if (doc.kind === 'article') {
    const hero = doc.sections[0];
    if (hero?.type === 'hero') {
      data.push({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: hero.heading,
        description: meta.description,
        image: hero.image ? absolute(hero.image.src) : undefined,
        datePublished: hero.author?.date,
        dateModified: hero.author?.date,
        author: hero.author
          ? hero.author.name === site.brand.teamName
            ? organizationAuthor(site, absolute('/'))
            : { '@type': 'Person', name: hero.author.name, jobTitle: hero.author.role }
          : undefined,
        publisher: { '@type': 'Organization', name: site.brand.name, logo: absolute(site.brand.logo.src) },
        mainEntityOfPage: absolute(meta.route),
      });
    }
  }
  return data;
}
