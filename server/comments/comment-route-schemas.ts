import { join } from 'node:path';
import { readSchemaFiles } from '../http/api-schemas.ts';
import { repositoryRoot } from '../repository-root.ts';

/** The comment routes' schemas that the OpenAPI document needs written out (comment-routes.ts and moderation). */
const schemaFiles = readSchemaFiles(join(repositoryRoot, 'schemas'));
const commentSchema = schemaFiles['comment.schema.json'] as {
  $defs: { publicComment: { properties: Record<string, object> }; commentStatus: object };
};
/**
 * The queue's query with the status written out: the OpenAPI document turns a query's properties into parameters
 * and cannot follow a reference into another schema's $defs from there.
 */
const {
  $id: _id,
  $schema: _schema,
  ...listQuery
} = schemaFiles['comment-list-query.schema.json'] as {
  $id: string;
  $schema: string;
  properties: Record<string, object>;
};
export const commentListQuerySchema = {
  ...listQuery,
  properties: { ...listQuery.properties, status: { ...commentSchema.$defs.commentStatus, title: undefined } },
};
const publicComment = commentSchema.$defs.publicComment;
const { replies: _replies, ...replyProperties } = publicComment.properties;
/**
 * PublicComment[] of schemas/comment.schema.json, written out: its replies refer to the definition itself, which the
 * OpenAPI document cannot name. Replies are one level deep, so one level is written.
 */
export const publicThreadsSchema = {
  type: 'array',
  description: "The post's approved comments, conversations oldest first, each with its approved replies.",
  items: {
    ...publicComment,
    properties: {
      ...publicComment.properties,
      replies: { type: 'array', items: { ...publicComment, properties: replyProperties } },
    },
  },
};
