import type { BlogPost } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { Head, organizationAuthor } from '@/ui/head.tsx';
import { useAbsoluteUrl } from '@/ui/origin.ts';
import { postSummary } from '@/domain/post-summary.ts';

/**
 * The post page's title, description, sharing tags and Article data, from its SEO fields when set; drafts previewed by
 * an admin stay unindexed. The Article's author is the writer (a Person with their author page) or, for posts written
 * before the team had roles, the team's Organization.
 */
export function PostHead({ post, commentCount }: { post: BlogPost; commentCount?: number }) {
  const path = `/blogs/${post.slug}`;
  const ownUrl = useAbsoluteUrl(path);
  const url = post.canonicalUrl ?? ownUrl;
  // The writer's search and social fields win; the title, summary and cover stand in for them.
  const shareImage = post.ogImage ?? post.coverImage;
  const image = useAbsoluteUrl(shareImage ?? site.brand.shareImage?.src ?? site.brand.logo.src);
  const logo = useAbsoluteUrl(site.brand.logo.src);
  const home = useAbsoluteUrl('/');
  const authorPage = useAbsoluteUrl(post.authorSlug ? `/blog/author/${post.authorSlug}` : '/');
  const description = post.metaDescription ?? postSummary(post);
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description,
    image,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    author: post.authorSlug
      ? { '@type': 'Person', name: post.author, url: authorPage }
      : post.author === site.brand.teamName
        ? organizationAuthor(site, home)
        : { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.brand.name, logo },
    keywords: post.tags.join(', ') || undefined,
    mainEntityOfPage: url,
    commentCount,
  };
  return (
    <Head
      title={post.metaTitle ?? `${post.title} | ${site.brand.name}`}
      description={description}
      path={path}
      site={site}
      image={shareImage ?? undefined}
      canonicalUrl={post.canonicalUrl ?? undefined}
      type="article"
      jsonLd={article}
      noindex={post.status !== 'published'}
    />
  );
}
