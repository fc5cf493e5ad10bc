import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyBaseLogger } from 'fastify';
import type * as EntryServer from '../../src/entry-server.tsx';
import type { BlogListQuery } from '../../src/content/types.gen.ts';
import { type BlogContext, type ListQuery, publicAuthor, publicPostPage, visiblePostJson } from '../blog/index.ts';
import { readersComments } from '../comments/index.ts';
import { readSchemaFiles } from '../http/api-schemas.ts';
import { HttpError } from '../http/errors.ts';
import { repositoryRoot } from '../repository-root.ts';

type PageReads = EntryServer.PageReads;
type ApiErrorClass = typeof EntryServer.ApiError;

const listQuerySchema = 'api/blog-list-query.schema.json';
let checkListQuery: ((query: unknown) => boolean) | undefined;

/** The list a page asks for, checked by the schema GET /api/blogs checks its query with: one rule for both. */
function listQuery(params: BlogListQuery): ListQuery {
  checkListQuery ??= new Ajv2020({ useDefaults: true }).compile(
    readSchemaFiles(join(repositoryRoot, 'schemas', 'api'))[listQuerySchema]!,
  );
  const query = { ...params };
  for (const [name, value] of Object.entries(query)) if (value === undefined) delete query[name as keyof typeof query];
  if (!checkListQuery(query)) throw new HttpError(400, 'The query string has problems; see details.');
  return query as ListQuery;
}

/**
 * The reads the server's render gives a page's loaders: the same functions the API's handlers call for a visitor,
 * called in-process, so a page costs no request to the server itself (no hooks, access line or metrics of its own).
 * They fail as the API would: a refusal with its status and message, and any other failure logged and named a 500.
 */
export function createPageReads(blog: BlogContext, ApiError: ApiErrorClass, log: FastifyBaseLogger): PageReads {
  const asTheApiWould =
    <A extends unknown[], T>(read: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await read(...args);
      } catch (error) {
        if (error instanceof HttpError) throw new ApiError(error.statusCode, error.message, error.details);
        log.error({ err: error }, 'A page could not read what it shows');
        throw new ApiError(500, 'The server had a problem (500). Please try again later.');
      }
    };
  return {
    listPosts: asTheApiWould(async (params) => publicPostPage(blog, listQuery(params))),
    postBySlug: asTheApiWould((slug) => visiblePostJson(blog, { slug }, false)),
    postComments: asTheApiWould((postId) => readersComments(blog, postId)),
    author: asTheApiWould((slug) => publicAuthor(blog, slug)),
  };
}
