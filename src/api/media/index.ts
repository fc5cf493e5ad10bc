// The rest of src/api reaches the media library's API calls only through this file (eslint.import-rules.js); the
// app's pages import each call from its own module.
export { listMedia } from './list-media.ts';
export { mediaQueryKey } from './media-query-key.ts';
