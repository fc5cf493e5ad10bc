// The rest of the server reaches posts, revisions, search, feeds, authors and moved posts only through this file (eslint.import-rules.js).
export { hasPublishedPost } from './author-store.ts';
export { recordBlogChange } from './blog-changes.ts';
export { createBlogContext } from './blog-context.ts';
export type { BlogContext } from './blog-context.ts';
export { blogRoutes } from './blog-routes.ts';
export { changeCheckIntervalMs, watchBlogChanges } from './change-watcher.ts';
export { examplePosts } from './example-posts.ts';
export { feedRoutes } from './feed-routes.ts';
export { publicPostPage } from './listing.ts';
export type { ListQuery } from './listing.ts';
export { movedPostPages } from './moved-post-pages.ts';
export { visiblePostJson } from './post-reads.ts';
export { writeSearchEntry } from './post-search.ts';
export { createPost } from './post-service.ts';
export { findPostById } from './post-store.ts';
export type { Post } from './post.ts';
export { publicAuthor, publicAuthorRoutes } from './public-author-routes.ts';
export { publicReadHeaders } from './read-headers.ts';
