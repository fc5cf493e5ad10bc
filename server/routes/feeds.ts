import type { FastifyPluginAsync } from 'fastify';
import type { BlogContext } from '../blog/blog-context.ts';
import { listPosts, type Post } from '../store/posts.ts';

export interface FeedOptions {
  blog: BlogContext;
  /** Every content route of the site, from the build. */
  contentRoutes: readonly string[];
  /** When the site was built: the lastmod of a content route whose document's last change is not known. */
  builtAt: Date;
  /** Each content route's last change (ISO time), from its document's history. */
  contentDates?: Readonly<Record<string, string>>;
  /** The public origin: from the configuration, never from the request. */
  origin: string;
  brandName: string;
  description: string;
  /** A post's summary or its fallback, from the site's render entry so cards and the feed say the same. */
  postSummary: (post: Pick<Post, 'summary' | 'html'>) => string;
}

const feedSize = 50;
const sitemapPostLimit = 45_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Search engines and feed readers: /sitemap.xml, /robots.txt and the RSS feed of published posts. */
export const feedRoutes: FastifyPluginAsync<FeedOptions> = async (app, options) => {
  const { blog, contentRoutes, builtAt, brandName, description, contentDates = {} } = options;
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
    const pages = contentRoutes.map((route) => ({
      loc: `${origin}${route}`,
      lastmod: contentDates[route] ?? builtAt.toISOString(),
    }));
    const posts = (await publishedPosts(sitemapPostLimit)).map((post) => ({
      loc: `${origin}/blogs/${post.slug}`,
      lastmod: post.updatedAt,
    }));
    const urls = [...pages, ...posts]
      .map(({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`)
      .join('\n');
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.get('/rss.xml', async (_request, reply) => {
    const { origin } = options;
    const posts = await publishedPosts(feedSize);
    const items = posts
      .map((post) => {
        const link = `${origin}/blogs/${post.slug}`;
        const categories = post.categories.map((category) => `<category>${escapeXml(category)}</category>`).join('');
        return [
          '    <item>',
          `<title>${escapeXml(post.title)}</title>`,
          `<link>${escapeXml(link)}</link>`,
          `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
          `<pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
          `<description>${escapeXml(options.postSummary(post))}</description>`,
          categories,
          '</item>',
        ].join('');
      })
      .join('\n');
    const lastBuild = posts[0] ? new Date(posts[0].updatedAt) : builtAt;
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
          '  <channel>',
          `    <title>${escapeXml(`${brandName} blog`)}</title>`,
          `    <link>${escapeXml(`${origin}/blog`)}</link>`,
          `    <description>${escapeXml(description)}</description>`,
          '    <language>en-in</language>',
          `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
          `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
          items,
          '  </channel>',
          '</rss>',
          '',
        ].join('\n'),
      );
  });
};
