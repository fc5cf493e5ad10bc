// The rest of the server reaches uploaded images and their variants only through this file (eslint.import-rules.js).
export { startAvifWorker } from './avif-worker.ts';
export { createImageQueue } from './image-queue.ts';
export { mediaFileRoutes } from './media-file-routes.ts';
export { mediaUrl } from './media-json.ts';
export { mediaRoutes } from './media-routes.ts';
export type { MediaContext } from './media-service.ts';
export { filesOfMedia, findMedia, readMediaFile } from './media-store.ts';
export { makeImagesResponsive } from './responsive-images.ts';
