import type { Kysely } from 'kysely';
import { filesOfMedia, findMediaByFileKey, type MediaFileInfo, type MediaRow } from './media-store.ts';
import type { Database } from '../store/schema.ts';
import { mediaUrl } from './media-json.ts';

const imgTag = /<img\b[^>]*>/gi;
const attribute = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const mediaAddress = /^(?:https?:\/\/[^/]+)?\/media\/([0-9a-f]{20})(?:-(?:\d+|social))?\.[a-z]+$/;
const shareImageMeta = /(<meta\s+(?:property|name)="(?:og:image|twitter:image)"\s+content=")([^"]*)(")/g;
// Posts are read in a column at most this wide (the article's max-width); narrower screens use their width.
const defaultSizes = '(min-width: 48rem) 46rem, 100vw';

interface MediaImage {
  row: MediaRow;
  files: MediaFileInfo[];
}

/** Attribute text read from the page is already escaped: its character references stay, a bare & is escaped. */
const escapeAttribute = (value: string): string =>
  value
    .replace(/&(?![a-z][a-z0-9]*;|#[0-9]+;|#x[0-9a-f]+;)/gi, '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const body = tag.replace(/^<img/i, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(attribute)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const writeTag = (name: string, attributes: Map<string, string>): string =>
  `<${name}${[...attributes].map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('')}>`;

function srcset(files: MediaFileInfo[], format: string): string {
  return files
    .filter((file) => file.role === 'variant' && file.format === format)
    .map((file) => `${mediaUrl(file.name)} ${file.width}w`)
    .join(', ');
}

/** One image tag as the page should send it; a media image becomes a <picture> of its AVIF and WebP copies. */
function rewriteTag(tag: string, media: MediaImage | undefined): string {
  const attributes = parseAttributes(tag);
  // Unlabelled images are decorative until someone describes them; a missing alt makes readers spell out the file name.
  if (!attributes.has('alt')) attributes.set('alt', '');
  if (media === undefined) return writeTag('img', attributes);

  const { row, files } = media;
  if (!attributes.has('width') || !attributes.has('height')) {
    attributes.set('width', String(row.width));
    attributes.set('height', String(row.height));
  }
  // The largest image of the first screen (the cover) is asked for at once; everything else as it scrolls into view.
  if (attributes.get('fetchpriority') !== 'high' && !attributes.has('loading')) attributes.set('loading', 'lazy');
  if (!attributes.has('decoding')) attributes.set('decoding', 'async');
  const sizes = attributes.get('sizes') ?? defaultSizes;
  attributes.delete('sizes');
  attributes.delete('srcset');
  const sources = (['avif', 'webp'] as const)
    .map((format) => ({ format, set: srcset(files, format) }))
    .filter((source) => source.set !== '')
    .map(({ format, set }) =>
      writeTag(
        'source',
        new Map([
          ['type', `image/${format}`],
          ['srcset', set],
          ['sizes', sizes],
        ]),
      ),
    );
  return `<picture>${sources.join('')}${writeTag('img', attributes)}</picture>`;
}

/** Share images are named in the head; the body (most of the page) is not searched for them. */
function headLength(html: string): number {
  const end = html.indexOf('</head>');
  return end === -1 ? html.length : end;
}

/**
 * Rewrites a rendered page so that every image served from /media/ is responsive (AVIF and WebP at several widths,
 * sized, lazy unless it is the cover), every image has an alt, and the page's share image is the 1200x630 card.
 * Done on the HTML the server sends, so that no script is needed in the browser. Every other image is left as
 * written, and a page with nothing to change comes back as it came, without a copy.
 */
export async function makeImagesResponsive(db: Kysely<Database>, html: string): Promise<string> {
  const images = new Map<string, { key: string | undefined; hasAlt: boolean }>();
  for (const [tag] of html.matchAll(imgTag)) {
    if (images.has(tag)) continue;
    const attributes = parseAttributes(tag);
    images.set(tag, { key: mediaAddress.exec(attributes.get('src') ?? '')?.[1], hasAlt: attributes.has('alt') });
  }
  const found = [...images.values()];
  const head = html.slice(0, headLength(html));
  const shareKeys = [...head.matchAll(shareImageMeta)].map((match) => mediaAddress.exec(match[2]!)?.[1]);
  const keys = new Set([...found.map(({ key }) => key), ...shareKeys].filter((key) => key !== undefined));
  if (keys.size === 0 && found.every(({ hasAlt }) => hasAlt)) return html;

  const rows = await findMediaByFileKey(db, [...keys]);
  const files = await filesOfMedia(
    db,
    rows.map((row) => row.id),
  );
  const byKey = new Map(
    rows.map((row) => [row.file_key, { row, files: files.filter((file) => file.media_id === row.id) }]),
  );

  const withShareCards =
    shareKeys.length === 0
      ? head
      : head.replace(shareImageMeta, (whole, start: string, content: string, end: string) => {
          const key = mediaAddress.exec(content)?.[1];
          const social = key === undefined ? undefined : byKey.get(key)?.files.find((file) => file.role === 'social');
          if (social === undefined) return whole;
          return `${start}${content.replace(/\/media\/[^"]*$/, () => mediaUrl(social.name))}${end}`;
        });
  return (withShareCards + html.slice(head.length)).replace(imgTag, (tag) => {
    const { key, hasAlt } = images.get(tag)!;
    if (key === undefined && hasAlt) return tag;
    return rewriteTag(tag, key === undefined ? undefined : byKey.get(key));
  });
}
