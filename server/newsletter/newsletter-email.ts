import type * as ReactEmailComponents from '@react-email/components';
import type * as ReactEmailRender from '@react-email/render';
import { createElement } from 'react';
import type { BlogPost, SiteDocument } from '../../src/content/types.gen.ts';

/** What the newsletter's e-mail shows besides the post: who sends it, from where, and where it lives on the site. */
export interface NewsletterFacts {
  brandName: string;
  legalName: string;
  /** The agency's postal address, one line, from content/site.json. */
  address: string;
  /** The public origin every link and image is made absolute with. */
  origin: string;
}

export function newsletterFacts(site: SiteDocument, origin: string): NewsletterFacts {
  const { lines, locality, region, postalCode, country } = site.contact.address;
  return {
    brandName: site.brand.name,
    legalName: site.brand.legalName,
    address: [...lines, `${locality}, ${region} ${postalCode}`, country].join(', '),
    origin,
  };
}

/** A URL of the post made absolute: a path of this site gets the origin, `//host` gets https. */
export function absoluteUrl(url: string, origin: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return `${origin}${url}`;
  return url;
}

/** Every `src`, `href` and `srcset` of the post's HTML made absolute, so that a mail client can follow them. */
export function absoluteHtml(html: string, origin: string): string {
  return html
    .replace(/\b(src|href)=(["'])(\/[^"']*)\2/gi, (_m, name: string, quote: string, url: string) => {
      return `${name}=${quote}${absoluteUrl(url, origin)}${quote}`;
    })
    .replace(/\bsrcset=(["'])([^"']*)\1/gi, (_m, quote: string, list: string) => {
      const items = list.split(',').map((item) => {
        const [url = '', ...rest] = item.trim().split(/\s+/);
        return [absoluteUrl(url, origin), ...rest].join(' ');
      });
      return `srcset=${quote}${items.join(', ')}${quote}`;
    });
}

// Mail clients honour a stylesheet in the head for dark mode and narrow screens; the rest is inline (react-email).
const headStyles = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  .post img { max-width: 100% !important; height: auto !important; }
  @media (max-width: 620px) { .frame { padding: 16px !important; } .title { font-size: 24px !important; } }
  @media (prefers-color-scheme: dark) {
    body, .page { background-color: #111418 !important; }
    .frame { background-color: #1b2027 !important; }
    .post, .title, .quiet { color: #e8eaed !important; }
    a { color: #8ab4ff !important; }
  }
`;

const colours = { text: '#1f2328', quiet: '#57606a', link: '#0b57d0', page: '#f3f4f6', frame: '#ffffff' };

const h = createElement;

type ReactEmail = [typeof ReactEmailComponents, typeof ReactEmailRender];
let reactEmailLoading: Promise<ReactEmail> | undefined;

/**
 * react-email, loaded with the first newsletter rendered rather than at server start: its code block builds Prism's
 * grammars on import, and with the rest of its components that was a tenth of every server start's CPU.
 */
export function reactEmail(): Promise<ReactEmail> {
  reactEmailLoading ??= Promise.all([import('@react-email/components'), import('@react-email/render')]);
  reactEmailLoading.catch(() => (reactEmailLoading = undefined));
  return reactEmailLoading;
}

/**
 * The e-mail as react-email components, written with createElement rather than JSX: whatever bundles the server
 * (a test's Vite build runs with NODE_ENV=test) must not switch it to React's development JSX runtime.
 */
function newsletterEmail(
  { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text }: typeof ReactEmailComponents,
  post: BlogPost,
  facts: NewsletterFacts,
  unsubscribeUrl: string,
) {
  const postUrl = `${facts.origin}/blogs/${post.slug}`;
  const cover = post.coverImage ? absoluteUrl(post.coverImage, facts.origin) : null;
  const link = { color: colours.link };
  const frame = {
    backgroundColor: colours.frame,
    maxWidth: '600px',
    width: '100%',
    padding: '32px',
    fontFamily: 'Arial, Helvetica, sans-serif',
  };
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('style', null, headStyles),
    ),
    h(Preview, null, post.summary || post.title),
    h(
      Body,
      { className: 'page', style: { backgroundColor: colours.page, margin: 0, padding: '24px 0' } },
      h(
        Container,
        { className: 'frame', style: frame },
        h(
          Text,
          { className: 'quiet', style: { color: colours.quiet, fontSize: '14px', margin: '0 0 16px' } },
          `${facts.brandName} newsletter · `,
          h(Link, { href: postUrl, style: link }, 'Read it on the site'),
        ),
        h(
          Heading,
          { as: 'h1', className: 'title', style: { color: colours.text, fontSize: '28px', lineHeight: '1.25' } },
          post.title,
        ),
        cover ? h(Img, { src: cover, alt: '', width: '536', style: { maxWidth: '100%', height: 'auto' } }) : null,
        h(
          Section,
          { className: 'post', style: { color: colours.text, fontSize: '16px', lineHeight: '1.6' } },
          h('div', { dangerouslySetInnerHTML: { __html: absoluteHtml(post.html, facts.origin) } }),
        ),
        h(
          Text,
          null,
          h(Link, { href: postUrl, style: { ...link, fontWeight: 'bold' } }, `Read “${post.title}” on the site`),
        ),
        h(Hr, null),
        h(
          Text,
          { className: 'quiet', style: { color: colours.quiet, fontSize: '13px', lineHeight: '1.5' } },
          `You receive this because you subscribed to the ${facts.brandName} newsletter. `,
          h(Link, { href: unsubscribeUrl, style: link }, 'Unsubscribe'),
          ' in one click.',
          h('br', null),
          `${facts.legalName}, ${facts.address}`,
        ),
      ),
    ),
  );
}

export interface RenderedNewsletter {
  subject: string;
  html: string;
  text: string;
}

/**
 * The e-mail of a post, HTML and plain text, with `unsubscribeUrl` (a marker, replaced for each recipient) wherever
 * the unsubscribe link goes. Rendered on the server only: no public page's script imports this.
 */
export async function renderNewsletter(
  post: BlogPost,
  facts: NewsletterFacts,
  unsubscribeUrl: string,
): Promise<RenderedNewsletter> {
  const [components, { render }] = await reactEmail();
  const element = newsletterEmail(components, post, facts, unsubscribeUrl);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: post.title, html, text };
}
