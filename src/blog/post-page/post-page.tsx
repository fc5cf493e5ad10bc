import { useEffect } from 'react';
import { Link } from '@/ui/site-router/link.tsx';
import { useParams } from '@/ui/site-router/hooks.ts';
import { site } from '@/content/site.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { postBySlugQueryOptions, usePostBySlug } from '@/api/blog/get-post-by-slug.ts';
import { isApiError } from '@/api/api-client.ts';
import { PostArticle } from '@/ui/post-article/post-article.tsx';
import { useLogFetchError } from '../sections/use-log-fetch-error.ts';
import { postCommentsQueryOptions, usePostComments } from '@/api/comments/post-comments.ts';
import { loaderScope } from '@/api/query-scope.tsx';
import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import { commentCount } from '@/domain/comment-text.ts';
import { PostComments } from './post-comments.tsx';
import { PostHead } from './post-head.tsx';
import { NewsletterSignup } from '@/sections/newsletter-signup/newsletter-signup.tsx';
import styles from './post-page.module.css';

function NotFoundMessage() {
  return (
    <div className={styles.message}>
      <title>{`Blog Not Found | ${site.brand.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1>Blog Not Found</h1>
      <p>No post lives at this address. It may have been renamed or taken down.</p>
      <Link to="/blog" className="button">
        See all posts
      </Link>
    </div>
  );
}

function LoadFailedMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.message} role="alert">
      <h1>This post could not be loaded</h1>
      <p>Check your connection, then try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The signup at the end of every post. */
const postSignup = {
  type: 'newsletter-signup',
  heading: 'Get the next post by e-mail',
  text: 'One e-mail when a new post comes out, nothing else. Unsubscribe in one click.',
} as const;

/** A published post with its comments, asked for once the post (whose id names them) is known. */
function PublishedPost({ post }: { post: BlogPost }) {
  const comments = usePostComments(post._id);
  return (
    <>
      <PostHead post={post} commentCount={comments.data && commentCount(comments.data)} />
      <PostArticle post={post} html={post.html} termLinks />
      <PostComments post={post} comments={comments.data} />
    </>
  );
}

/**
 * Loads the post, then the comments its id names, before the page renders: the server renders it once, with both.
 * A failure stays in the query, for the page to show.
 */
export async function postPageLoader({ params, request }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, reads } = loaderScope(request);
  const post = postBySlugQueryOptions(params.slug ?? '', reads);
  await queryClient.prefetchQuery(post);
  const loaded = queryClient.getQueryData(post.queryKey);
  if (loaded?.status === 'published') await queryClient.prefetchQuery(postCommentsQueryOptions(loaded._id, reads));
  return null;
}

/** /blogs/{slug}: "Loading...", then the post, "Blog Not Found", or a way to try again. */
export function PostPage() {
  const { slug = '' } = useParams();
  const { data: post, error, isPending, refetch } = usePostBySlug(slug);
  // 410: the post was deleted; to a reader that is the same as never found.
  const notFound = isApiError(error, 404) || isApiError(error, 410);
  useLogFetchError(notFound ? null : error);

  // The server renders as a visitor: a post it did not find may be a draft that a signed-in admin may preview.
  useEffect(() => {
    if (notFound) void refetch();
    // Once per address: only the answer the page arrived with needs asking again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);

  let body;
  if (isPending) {
    body = (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  } else if (notFound) {
    body = <NotFoundMessage />;
  } else if (error) {
    body = <LoadFailedMessage onRetry={() => void refetch()} />;
  } else {
    body =
      post.status === 'published' ? (
        <PublishedPost post={post} />
      ) : (
        <>
          <PostHead post={post} />
          <PostArticle post={post} html={post.html} termLinks />
        </>
      );
  }
  return (
    <>
      <div className={`section ${styles.page}`}>
        <div className="container">
          <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
            <Link to="/blog">← All posts</Link>
          </nav>
          {body}
        </div>
      </div>
      {post?.status === 'published' && <NewsletterSignup section={postSignup} site={site} />}
    </>
  );
}
