import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthorOption } from '../../src/content/types.gen.ts';
import { can } from '../../src/domain/team-permissions.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import type { Database } from '../store/schema.ts';
import { listTeam } from '../auth/index.ts';

const listAuthorsSchema = {
  summary: 'List who can sign a post',
  description:
    'Editors and above (permission `posts:others`), for the Author field of the editor: every member of the team ' +
    'who can write, the owner first, then by name.',
  tags: ['team'],
  response: {
    200: { type: 'array', items: schemaRef('api/author-option.schema.json'), description: 'The writers.' },
    ...errorResponses(400, 401, 403, 500),
  },
};

/** GET /api/authors: the team's writers, to choose a post's author from. */
export const authorListRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/authors', { schema: listAuthorsSchema, config: { access: 'posts:others' } }, async (_request, reply) => {
    const writers: AuthorOption[] = (await listTeam(db))
      .filter((user) => can(user.role, 'posts'))
      .map((user) => ({ _id: user.id, name: user.name, slug: user.slug, role: user.role }));
    return reply.header('cache-control', 'no-store').send(writers);
  });
};
