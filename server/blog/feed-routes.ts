import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorBody } from '../http/errors.ts';
import type { BlogContext } from './blog-context.ts';
import { isArchiveName, termSlug } from '../../src/domain/term-slug.ts';
import { isAuthorSlug } from '../../src/domain/author-slug.ts';
import { findPublishedAuthor, listAuthorPages } from './author-store.ts';
import type { Post } from './post.ts';
import { listArchiveTerms, listPosts, type PostFilter } from './post-store.ts';

export interface FeedOptions {
  blog: BlogContext;
  /** The build served now: asked at each request, since the content studio's publisher swaps builds. */
  site: () => FeedSite;
  /** The public origin: from the configuration, never from the request. */
  origin: string;
  brandName: string;
  description: string;
  /** A post's summary or its fallback, from the site's render entry so cards and the feed say the same. */
  postSummary: (post: Pick<Post, 'summary' | 'html'>) => string;
}

export interface FeedSite {
  pages: { contentRoutes: readonly string[] };
  /** When the site was built: the lastmod of a content route whose document's last change is not known. */
  builtAt: Date;
  /** Each content route's last change (ISO time), from its document's history. */
  contentDates?: Readonly<Record<string, string>>;
}

const feedSize = 50;

/** Stable for the post's life whatever its slug, so feed readers never show a renamed post twice. */
export function postGuid(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? `urn:uuid:${id.toLowerCase()}`
    : `urn:northbeam:post:${encodeURIComponent(id)}`;
}

interface Channel {
  title: string;
  /** The page the feed follows, and the feed's own address. */
  link: string;
  self: string;
  description: string;
}
const sitemapPostLimit = 45_000;

/** The tag or category as its posts spell it, found by its URL name. */
function termLabel(posts: Post[], taxonomy: 'tag' | 'category', name: string): string | undefined {
  for (const post of posts) {
    const found = (taxonomy === 'tag' ? post.tags : post.categories).find((term) => termSlug(term) === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What XML 1.0 cannot hold at all: control characters other than tab and line breaks, lone surrogates, U+FFFE and
 * U+FFFF. Posts are refused with them, but one stored before that rule must not make a feed unreadable.
 */
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeXml(text: string): string {
  return text.replace(notXmlCharacter, '').replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function rssDocument(
  origin: string,
  channel: Channel,
  posts: Post[],
  builtAt: Date,
  summary: (post: Post) => string,
): string {
  const items = posts
    .map((post) => {
      const link = `${origin}/blogs/${post.slug}`;
      const categories = post.categories.map((category) => `<category>${escapeXml(category)}</category>`).join('');
      return [
        '    <item>',
        `<title>${escapeXml(post.title)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="false">${escapeXml(postGuid(post.id))}</guid>`,
        `<pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
        `<description>${escapeXml(post.metaDescription || summary(post))}</description>`,
        categories,
        '</item>',
      ].join('');
    })
    .join('\n');
  const lastBuild = posts[0] ? new Date(posts[0].updatedAt) : builtAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en-in</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * Search engines and feed readers: /sitemap.xml, /robots.txt, the RSS feed of published posts and those of the
 * archives (tags, categories, authors).
 */
export const feedRoutes: FastifyPluginAsync<FeedOptions> = async (app, options) => {
  const { blog, brandName, description } = options;
  const publishedPosts = (limit: number) =>
    listPosts(blog.db, { visibleAt: blog.clock().toISOString() }, { limit, offset: 0 });

  app.get('/robots.txt', (_request, reply) => {
    const { origin } = options;
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // No blanket `Allow: /`: parsers that take the first matching rule would read it as allowing everything.
      .send(`User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const { origin } = options;
    const { pages: built, builtAt, contentDates = {} } = options.site();
    const pages = built.contentRoutes.map((route) => ({
      loc: `${origin}${route}`,
      lastmod: contentDates[route] ?? builtAt.toISOString(),
    }));
    const posts = (await publishedPosts(sitemapPostLimit)).map((post) => ({
      loc: `${origin}/blogs/${post.slug}`,
      lastmod: post.updatedAt,
    }));
    const archives = (await listArchiveTerms(blog.db, blog.clock().toISOString())).map((term) => ({
      loc: `${origin}/blog/${term.taxonomy}/${term.slug}`,
      lastmod: term.updatedAt,
    }));
    const authors = (await listAuthorPages(blog.db, blog.clock().toISOString())).map((author) => ({
      loc: `${origin}/blog/author/${author.slug}`,
      lastmod: author.updatedAt,
    }));
    const urls = [...pages, ...posts, ...archives, ...authors]
      .map(({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`)
      .join('\n');
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  const sendFeed = (reply: FastifyReply, body: string) =>
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'no-cache').send(body);

  app.get('/rss.xml', async (_request, reply) => {
    const { origin } = options;
    const channel = {
      title: `${brandName} blog`,
      link: `${origin}/blog`,
      self: `${origin}/rss.xml`,
      description,
    };
    return sendFeed(
      reply,
      rssDocument(origin, channel, await publishedPosts(feedSize), options.site().builtAt, options.postSummary),
    );
  });

  /** The feed of an archive page (`path`), whose posts are `posts`: the same channel shape for every kind. */
  const sendArchiveFeed = (reply: FastifyReply, path: string, posts: Post[], title: string, about: string) => {
    const { origin } = options;
    const channel = {
      title: `${brandName} blog: ${title}`,
      link: `${origin}${path}`,
      self: `${origin}${path}/rss.xml`,
      description: `${about} on the ${brandName} blog.`,
    };
    return sendFeed(reply, rssDocument(origin, channel, posts, options.site().builtAt, options.postSummary));
  };

  for (const taxonomy of ['tag', 'category'] as const) {
    app.get<{ Params: { name: string } }>(`/blog/${taxonomy}/:name/rss.xml`, async (request, reply) => {
      const { name } = request.params;
      if (!isArchiveName(name)) {
        return reply.code(404).send(errorBody(404, `No ${taxonomy} can be named "${name}".`));
      }
      const filter: PostFilter = { visibleAt: blog.clock().toISOString(), [taxonomy]: name };
      const posts = await listPosts(blog.db, filter, { limit: feedSize, offset: 0 });
      const label = termLabel(posts, taxonomy, name);
      if (posts.length === 0 || label === undefined) {
        return reply.code(404).send(errorBody(404, `No published post has the ${taxonomy} "${name}".`));
      }
      return taxonomy === 'tag'
        ? sendArchiveFeed(reply, `/blog/tag/${name}`, posts, `posts tagged ${label}`, `Posts tagged ${label}`)
        : sendArchiveFeed(
            reply,
            `/blog/category/${name}`,
            posts,
            `posts in ${label}`,
            `Posts in the category ${label}`,
          );
    });
  }

  app.get<{ Params: { slug: string } }>('/blog/author/:slug/rss.xml', async (request, reply) => {
    const { slug } = request.params;
    if (!isAuthorSlug(slug)) return reply.code(404).send(errorBody(404, `No author can be named "${slug}".`));
    const visibleAt = blog.clock().toISOString();
    const author = await findPublishedAuthor(blog.db, slug, visibleAt);
    if (author === undefined) {
      return reply.code(404).send(errorBody(404, `No author with a published post has the page "${slug}".`));
    }
    const posts = await listPosts(blog.db, { visibleAt, author: slug }, { limit: feedSize, offset: 0 });
    return sendArchiveFeed(reply, `/blog/author/${slug}`, posts, `posts by ${author.name}`, `Posts by ${author.name}`);
  });
};
