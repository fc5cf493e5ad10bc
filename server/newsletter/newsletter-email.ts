import type * as ReactEmailComponents from '@react-email/components';
import { createElement } from 'react';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { emailImageOf, type EmailImage } from './email-images.ts';
import {
  colours,
  contentWidth,
  emailFrame,
  logoOf,
  reactEmail,
  renderEmail,
  type NewsletterFacts,
} from './email-layout.ts';

export { newsletterFacts, type NewsletterFacts } from './email-layout.ts';

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

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const decodeAttribute = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attributeOf = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeAttribute(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
};

/** The site's path of an image address (`/images/a.svg`, or the same on this origin), or undefined for another site's. */
function sitePathOf(src: string, origin: string): string | undefined {
  if (src.startsWith(`${origin}/`)) return src.slice(origin.length).split(/[?#]/)[0];
  if (src.startsWith('/') && !src.startsWith('//')) return src.split(/[?#]/)[0];
  return undefined;
}

const isSvg = (src: string): boolean => /\.svg(?:[?#]|$)/i.test(src);

/** An `<img>` of a PNG copy, sized as shown: Outlook needs the width and height attributes. */
const imageTag = (image: EmailImage, alt: string): string =>
  `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(alt)}" width="${image.width}" height="${image.height}" style="max-width:100%;height:auto;border:0">`;

/**
 * Each SVG image of the post's HTML as a PNG copy that mail clients show (docs/decisions/0036); one that cannot be
 * drawn (another site's, or one that does not render) leaves its alt text in its place, never a broken picture.
 */
export async function rasteriseSvgImages(html: string, origin: string): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]);
  const replacements = new Map<string, string>();
  for (const tag of new Set(tags)) {
    const src = attributeOf(tag, 'src') ?? '';
    if (!isSvg(src)) continue;
    const alt = attributeOf(tag, 'alt') ?? '';
    const width = Number(attributeOf(tag, 'width')) || contentWidth;
    const path = sitePathOf(src, origin);
    const image = path === undefined ? undefined : await emailImageOf(path, Math.min(width, contentWidth), origin);
    replacements.set(tag, image ? imageTag(image, alt) : alt ? `<span>${escapeHtml(alt)}</span>` : '');
  }
  if (replacements.size === 0) return html;
  // An SVG in a <picture> keeps no <source> of another format a client might prefer to the copy.
  const withoutSvgSources = html.replace(/<source\b[^>]*\.svg[^>]*>/gi, '');
  return withoutSvgSources.replace(/<img\b[^>]*>/gi, (tag) => replacements.get(tag) ?? tag);
}

/** The cover as the e-mail shows it: a PNG copy of an SVG of the site, a raster image as it is, or nothing. */
async function coverOf(post: BlogPost, origin: string): Promise<EmailImage | undefined> {
  if (!post.coverImage) return undefined;
  if (!isSvg(post.coverImage)) return { src: absoluteUrl(post.coverImage, origin), width: contentWidth, height: 0 };
  const path = sitePathOf(post.coverImage, origin);
  return path === undefined ? undefined : emailImageOf(path, contentWidth, origin);
}

const h = createElement;

interface PostEmail {
  post: BlogPost;
  facts: NewsletterFacts;
  unsubscribeUrl: string;
  cover: EmailImage | undefined;
  logo: EmailImage | undefined;
  body: string;
}

function newsletterEmail(components: typeof ReactEmailComponents, email: PostEmail) {
  const { Heading, Img, Link, Section, Text } = components;
  const { post, facts, unsubscribeUrl, cover, logo, body } = email;
  const postUrl = `${facts.origin}/blogs/${post.slug}`;
  const link = { color: colours.link };
  return emailFrame(components, {
    facts,
    logo,
    preview: post.summary || post.title,
    why: [
      `You receive this because you subscribed to the ${facts.brandName} newsletter. `,
      h(Link, { key: 'unsubscribe', href: unsubscribeUrl, style: link }, 'Unsubscribe'),
      ' in one click.',
    ],
    children: [
      h(
        Heading,
        {
          key: 'title',
          as: 'h1',
          className: 'title',
          style: { color: colours.text, fontSize: '30px', lineHeight: '1.2', margin: '0 0 24px' },
        },
        post.title,
      ),
      cover
        ? h(Img, {
            key: 'cover',
            src: cover.src,
            // The title just above says what the cover is about: as on the site, the picture is decoration.
            alt: '',
            width: cover.width,
            ...(cover.height > 0 ? { height: cover.height } : {}),
            style: { maxWidth: '100%', height: 'auto', borderRadius: '8px', margin: '0 0 24px' },
          })
        : null,
      h(
        Section,
        { key: 'post', className: 'content', style: { color: colours.text, fontSize: '17px', lineHeight: '1.65' } },
        h('div', { dangerouslySetInnerHTML: { __html: body } }),
      ),
      h(
        Text,
        { key: 'read', style: { margin: '24px 0 0' } },
        h(Link, { href: postUrl, style: { ...link, fontWeight: 'bold' } }, `Read “${post.title}” on the site`),
      ),
    ],
  });
}

export interface RenderedNewsletter {
  subject: string;
  html: string;
  text: string;
}

/**
 * The e-mail of a post, HTML and plain text, with `unsubscribeUrl` (a marker, replaced for each recipient) wherever
 * the unsubscribe link goes. A test's subject says it is one. Rendered on the server only: no public page's script
 * imports this.
 */
export async function renderNewsletter(
  post: BlogPost,
  facts: NewsletterFacts,
  unsubscribeUrl: string,
  { test = false }: { test?: boolean } = {},
): Promise<RenderedNewsletter> {
  const [[components, { render }], cover, logo, body] = await Promise.all([
    reactEmail(),
    coverOf(post, facts.origin),
    logoOf(facts),
    rasteriseSvgImages(absoluteHtml(post.html, facts.origin), facts.origin),
  ]);
  const element = newsletterEmail(components, { post, facts, unsubscribeUrl, cover, logo, body });
  return { subject: test ? `[Test] ${post.title}` : post.title, ...(await renderEmail(render, element)) };
}
