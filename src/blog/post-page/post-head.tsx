import type { BlogPost } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { Head, organizationAuthor } from '@/ui/head.tsx';
import { useAbsoluteUrl } from '@/ui/origin.ts';
import { postSummary } from '@/ui/post-summary.ts';

/** The post page's title, description, sharing tags and Article data; drafts previewed by an admin stay unindexed. */
export function PostHead({ post }: { post: BlogPost }) {
  const path = `/blogs/${post.slug}`;
  const url = useAbsoluteUrl(path);
  const image = useAbsoluteUrl(post.coverImage ?? site.brand.shareImage?.src ?? site.brand.logo.src);
  const logo = useAbsoluteUrl(site.brand.logo.src);
  const home = useAbsoluteUrl('/');
  const description = postSummary(post);
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description,
    image,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    author:
      post.author === site.brand.teamName ? organizationAuthor(site, home) : { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.brand.name, logo },
    keywords: post.tags.join(', ') || undefined,
    mainEntityOfPage: url,
  };
  return (
    <Head
      title={`${post.title} | ${site.brand.name}`}
      description={description}
      path={path}
      site={site}
      image={post.coverImage ?? undefined}
      type="article"
      jsonLd={article}
      noindex={post.status !== 'published'}
    />
  );
}
