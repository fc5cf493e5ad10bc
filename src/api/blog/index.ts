// The rest of src/api reaches the blog's API calls only through this file (eslint.import-rules.js); the app's pages
// import each call from its own module.
export { blogQueryKey } from './blog-query-key.ts';
export { listPosts } from './list-posts-request.ts';
export type { ListPostsParams, PostPage } from './list-posts-request.ts';
