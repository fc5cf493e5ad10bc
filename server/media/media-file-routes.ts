import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { errorBody } from '../http/errors.ts';
import { addMediaSchemas, apiErrorRef, mediaFileParams } from './media-schemas.ts';
import { readMediaFile } from './media-store.ts';
import type { Database } from '../store/schema.ts';

// A file's name is made from the hash of the uploaded bytes: it never means anything else, so it is cached for good.
const immutable = 'public, max-age=31536000, immutable';

/** GET /media/{file}: the images' files, straight from the database. */
export const mediaFileRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  addMediaSchemas(app);
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    {
      schema: {
        params: mediaFileParams,
        response: {
          200: { type: 'string', contentMediaType: 'image/*' },
          304: { type: 'null' },
          400: apiErrorRef,
          404: apiErrorRef,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const etag = `"${file}"`;
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).headers({ 'cache-control': immutable, etag }).send();
      const found = await readMediaFile(db, file);
      if (found === undefined) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send(errorBody(404, `There is no image at /media/${file}.`));
      }
      return reply.headers({ 'content-type': found.mime_type, 'cache-control': immutable, etag }).send(found.data);
    },
  );
};
