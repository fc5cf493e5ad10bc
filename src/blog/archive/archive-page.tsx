import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@/ui/site-router/link.tsx';
import { useParams, useSearchParams } from '@/ui/site-router/hooks.ts';
import { ApiError, isApiError } from '@/api/api-client.ts';
import { authorQueryOptions } from '@/api/blog/get-author.ts';
import { listPostsQueryOptions, type ListPostsParams } from '@/api/blog/list-posts.ts';
import type { PageReads } from '@/api/page-reads.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { site } from '@/content/site.ts';
import { PostCard } from '@/sections/post-card/post-card.tsx';
import { Head } from '@/ui/head.tsx';
import { PageLinks } from '@/ui/page-links/page-links.tsx';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { termSlug } from '@/domain/term-slug.ts';
import { useLogFetchError } from '../sections/use-log-fetch-error.ts';
import styles from '@/sections/post-list/post-list.module.css';
import archiveStyles from './archive-page.module.css';

export type Taxonomy = 'tag' | 'category';

/** Page 1 at the archive's own address, the others with ?page=N: links that work without JavaScript. */
const archivePageAddress = (basePath: string) => (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);

const pageSize = 12;

/** Which published posts an archive lists. */
export type ArchiveFilter = Pick<ListPostsParams, 'tag' | 'category' | 'author'>;

/** What an archive says when no published post passes its filter (the page is then not found). */
export const missingPosts = {
  tag: 'No published post has this tag.',
  category: 'No published post has this category.',
  author: 'No author with a published post has this address.',
} as const;

/**
 * One page of an archive's posts, for its page and for its loader alike: an archive with no post is no page, and the
 * server answers 404 for it.
 */
export function archivePostsQueryOptions(filter: ArchiveFilter, page: number, missing: string, reads?: PageReads) {
  const options = listPostsQueryOptions(
    { limit: pageSize, offset: (page - 1) * pageSize, status: 'published', ...filter },
    reads,
  );
  return {
    ...options,
    queryFn: async (context: Parameters<NonNullable<typeof options.queryFn>>[0]) => {
      const result = await options.queryFn!(context);
      if (result.total === 0) throw new ApiError(404, missing);
      return result;
    },
  };
}

/** What an archive says about itself: its heading and its description for search results and sharing. */
interface ArchiveText {
  heading: string;
  description: string;
}

interface ArchiveProps {
  /** The archive's address, /blog/{kind}/{name}; its feed is at {path}/rss.xml. */
  path: string;
  /** Which published posts it lists. */
  filter: ArchiveFilter;
  /** Its text, from the posts of the page once they are there. */
  describe: (posts: BlogPost[] | undefined) => ArchiveText;
  /** What it says when no published post passes the filter (the page is then not found). */
  missing: string;
  /** Above the posts: an author's picture and bio. */
  intro?: ReactNode;
  /** The image shown when the page is shared; the site's by default. */
  image?: string;
  /** A failure of what the page shows beside the posts (an unknown author): shown as the posts' own would be. */
  introError?: Error | null;
}

/**
 * One archive: /blog/tag/{name}, /blog/category/{name} and /blog/author/{slug}. Published posts that pass its filter,
 * newest first, paginated, with its feed; 404 when there are none.
 */
function Archive({ path, filter, describe, missing, intro, image, introError }: ArchiveProps) {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const posts = useQuery(archivePostsQueryOptions(filter, page, missing));
  const error = introError ?? posts.error;
  const notFound = isApiError(error, 404);
  useLogFetchError(notFound ? null : error);

  const { data, isPending } = posts;
  const { heading, description } = describe(data?.posts);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));

  return (
    <>
      <Head
        title={`${heading}${page > 1 ? `, page ${page}` : ''} | ${site.brand.name}`}
        description={description}
        path={page > 1 ? `${path}?page=${page}` : path}
        site={site}
        image={image}
        noindex={notFound}
      />
      <link rel="alternate" type="application/rss+xml" title={heading} href={`${path}/rss.xml`} />
      <section className="section" aria-labelledby="archive-heading">
        <div className="container">
          <p className="eyebrow">
            <Link to="/blog">Blog</Link>
          </p>
          <h1 id="archive-heading">{heading}</h1>
          {!error && intro}
          {error ? (
            <p role="status">{notFound ? missing : 'The posts could not be loaded. Please try again later.'}</p>
          ) : isPending || data === undefined ? (
            <p role="status">Loading posts…</p>
          ) : (
            <ul className={`card-grid ${styles.grid}`}>
              {data.posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={toPostCardData(post)} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
          <PageLinks page={page} pageCount={pageCount} href={archivePageAddress(path)} label="Archive pages" />
        </div>
      </section>
    </>
  );
}

/** The tag or category as the posts spell it ("Local SEO" for local-seo). */
function termLabel(terms: string[][], name: string): string {
  return terms.flat().find((term) => termSlug(term) === name) ?? name.replace(/-/g, ' ');
}

/** /blog/tag/{name} and /blog/category/{name}: published posts with it, newest first; 404 when there are none. */
export function ArchivePage({ taxonomy }: { taxonomy: Taxonomy }) {
  const { name = '' } = useParams();
  const describe = (posts: BlogPost[] | undefined): ArchiveText => {
    const label = posts
      ? termLabel(
          posts.map((post) => (taxonomy === 'tag' ? post.tags : post.categories)),
          name,
        )
      : name;
    return taxonomy === 'tag'
      ? { heading: `Posts tagged “${label}”`, description: `Articles tagged ${label} on the ${site.brand.name} blog.` }
      : {
          heading: `Posts in ${label}`,
          description: `Articles in the ${label} category on the ${site.brand.name} blog.`,
        };
  };
  return (
    <Archive
      path={`/blog/${taxonomy}/${name}`}
      filter={{ [taxonomy]: name }}
      describe={describe}
      missing={missingPosts[taxonomy]}
    />
  );
}

/** /blog/author/{slug}: who the author is, then their published posts, newest first; 404 for no such author. */
export function AuthorArchivePage() {
  const { name: slug = '' } = useParams();
  const author = useQuery(authorQueryOptions(slug));
  const name = author.data?.name ?? slug.replace(/-/g, ' ');
  const bio = author.data?.bio?.trim();
  const avatar = author.data?.avatar ?? undefined;
  const describe = (): ArchiveText => ({
    heading: `Posts by ${name}`,
    description: bio || `Articles by ${name} on the ${site.brand.name} blog.`,
  });
  const intro =
    author.data && (bio || avatar) ? (
      <div className={archiveStyles.author}>
        {avatar && <img className={archiveStyles.avatar} src={avatar} alt="" width={96} height={96} decoding="async" />}
        {bio && <p className={archiveStyles.bio}>{bio}</p>}
      </div>
    ) : undefined;
  return (
    <Archive
      path={`/blog/author/${slug}`}
      filter={{ author: slug }}
      describe={describe}
      missing={missingPosts.author}
      intro={intro}
      image={avatar}
      introError={author.error}
    />
  );
}
