import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, isApiError } from '@/api/api-client.ts';
import { listPostsQueryOptions } from '@/api/list-posts.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { site } from '@/content/site.ts';
import { PostCard } from '@/sections/post-card/post-card.tsx';
import { Head } from '@/ui/head.tsx';
import { PageLinks } from '@/ui/page-links/page-links.tsx';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { termSlug } from '@/domain/term-slug.ts';
import { useLogFetchError } from '../sections/use-log-fetch-error.ts';
import styles from '@/sections/post-list/post-list.module.css';

export type Taxonomy = 'tag' | 'category';

/** Page 1 at the archive's own address, the others with ?page=N: links that work without JavaScript. */
const archivePageAddress = (basePath: string) => (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);

const pageSize = 12;

/** The tag or category as the posts spell it ("Local SEO" for local-seo). */
function termLabel(terms: string[][], name: string): string {
  return terms.flat().find((term) => termSlug(term) === name) ?? name.replace(/-/g, ' ');
}

/** /blog/tag/{name} and /blog/category/{name}: published posts with it, newest first; 404 when there are none. */
export function ArchivePage({ taxonomy }: { taxonomy: Taxonomy }) {
  const { name = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const options = listPostsQueryOptions({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    status: 'published',
    [taxonomy]: name,
  });
  const { data, error, isPending } = useQuery({
    ...options,
    // An archive with no post is no page: the server answers 404 for it.
    queryFn: async (context) => {
      const result = await options.queryFn!(context);
      if (result.total === 0) throw new ApiError(404, `No published post has the ${taxonomy} "${name}".`);
      return result;
    },
  });
  useLogFetchError(isApiError(error, 404) ? null : error);

  const path = `/blog/${taxonomy}/${name}`;
  const label = data
    ? termLabel(
        data.posts.map((post) => (taxonomy === 'tag' ? post.tags : post.categories)),
        name,
      )
    : name;
  const heading = taxonomy === 'tag' ? `Posts tagged “${label}”` : `Posts in ${label}`;
  const description =
    taxonomy === 'tag'
      ? `Articles tagged ${label} on the ${site.brand.name} blog.`
      : `Articles in the ${label} category on the ${site.brand.name} blog.`;
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));

  return (
    <>
      <Head
        title={`${heading}${page > 1 ? `, page ${page}` : ''} | ${site.brand.name}`}
        description={description}
        path={page > 1 ? `${path}?page=${page}` : path}
        site={site}
        noindex={isApiError(error, 404)}
      />
      <link rel="alternate" type="application/rss+xml" title={heading} href={`${path}/rss.xml`} />
      <section className="section" aria-labelledby="archive-heading">
        <div className="container">
          <p className="eyebrow">
            <Link to="/blog">Blog</Link>
          </p>
          <h1 id="archive-heading">{heading}</h1>
          {isPending ? (
            <p role="status">Loading posts…</p>
          ) : error ? (
            <p role="status">
              {error instanceof ApiError && error.status === 404
                ? `No published post has this ${taxonomy}.`
                : 'The posts could not be loaded. Please try again later.'}
            </p>
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
