// The rest of the server reaches readers' comments and their moderation only through this file (eslint.import-rules.js).
export { readersComments } from './comment-intake.ts';
export type { CommentContext } from './comment-intake.ts';
export { commentModerationRoutes } from './comment-moderation-routes.ts';
export { commentRoutes } from './comment-routes.ts';
export {
  commentsOfEmail,
  deleteCommentsOfEmail,
  deleteUnpublishedCommentsBefore,
  insertComment,
} from './comment-store.ts';
export type { CommentRow } from './comment-store.ts';
