import type { FastifyPluginAsync } from 'fastify';
import type { Author, AuthorSlugParams } from '../../src/content/types.gen.ts';
import { isAuthorSlug } from '../../src/domain/author-slug.ts';
import type { BlogContext } from './blog-context.ts';
import { publicReadHeaders } from './read-headers.ts';
import { jsonAnswer, type Answer } from '../http/answer.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { sendAnswer } from '../http/cached-answers.ts';
import { HttpError } from '../http/errors.ts';
import { filesOfMedia, mediaUrl } from '../media/index.ts';
import { findPublishedAuthor } from './author-store.ts';

export interface PublicAuthorRoutesOptions {
  blog: BlogContext;
}

export const authorBySlugSchema = {
  summary: 'Read an author by the URL name of their page',
  description:
    'Anyone: the name, bio and avatar of a member of the team with a published post, as their page ' +
    '(/blog/author/{slug}) shows them. 400 for a name no author can have, 404 for an unknown author or one with no ' +
    'published post. Their posts are `GET /api/blogs?author={slug}`.',
  tags: ['authors'],
  params: schemaRef('api/author-slug-params.schema.json'),
  response: { 200: schemaRef('api/author.schema.json', 'The author.'), ...errorResponses(400, 404, 500) },
};

/** The site path of the avatar's stored original; null when the image has left the media library since. */
async function avatarUrl(blog: BlogContext, mediaId: string | null): Promise<string | null> {
  if (mediaId === null) return null;
  const original = (await filesOfMedia(blog.db, [mediaId])).find((file) => file.role === 'original');
  return original === undefined ? null : mediaUrl(original.name);
}

/** An author with a published post, as their page shows them; 404 for any other name. */
export async function publicAuthor(blog: BlogContext, slug: string): Promise<Author> {
  const row = await findPublishedAuthor(blog.db, slug, blog.clock().toISOString());
  if (row === undefined) throw new HttpError(404, `No author with a published post has the page "${slug}".`);
  return { name: row.name, slug: row.slug, bio: row.bio, avatar: await avatarUrl(blog, row.avatar) };
}

async function authorAnswer(blog: BlogContext, slug: string): Promise<Answer> {
  return jsonAnswer(await publicAuthor(blog, slug), publicReadHeaders);
}

/** /api/authors/{slug}: the public side of the team, what an author page shows above the posts. */
export const publicAuthorRoutes: FastifyPluginAsync<PublicAuthorRoutesOptions> = async (app, { blog }) => {
  app.get<{ Params: AuthorSlugParams }>(
    '/:slug',
    { schema: authorBySlugSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const { slug } = request.params;
      if (!isAuthorSlug(slug)) {
        throw new HttpError(
          400,
          `No author can be named "${slug}": an author's page name is lower-case letters and digits joined by hyphens.`,
          [{ path: '/slug', message: 'is not an author page name' }],
        );
      }
      return sendAnswer(blog.responses, request, reply, () => authorAnswer(blog, slug));
    },
  );
};
