import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { MediaUpdate } from '../../src/content/types.gen.ts';
import { signedInAdmin } from '../auth/index.ts';
import { auditRequest } from '../audit/index.ts';
import { HttpError } from '../http/errors.ts';
import {
  addMediaSchemas,
  adminErrors,
  apiErrorRef,
  mediaIdParams,
  mediaListQuery,
  mediaRecordRef,
  mediaUpdateRef,
} from './media-schemas.ts';
import { toMediaJson } from './media-json.ts';
import { checkMediaChange } from './media-permissions.ts';
import { changeMediaAlt, readMedia, removeMedia, uploadMedia, type MediaContext } from './media-service.ts';
import { filesOfMedia, listMedia } from './media-store.ts';

export const maxUploadBytes = 15 * 1024 * 1024;

const noStore = { 'cache-control': 'no-store' };

function tooLarge(): HttpError {
  return new HttpError(
    413,
    'This file is larger than 15 MB: make it smaller (for example, export it at a lower resolution) and upload it again.',
  );
}

/** Reads the one file of a multipart upload into memory, never more than the limit (413 once it is passed). */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string; alt: string }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the image as multipart/form-data, in a field named "file".');
  }
  try {
    const part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 2000 } });
    if (part === undefined)
      throw new HttpError(400, 'Choose an image to upload: the request holds no file.', [
        { path: '/file', message: 'is required' },
      ]);
    if (part.fieldname !== 'file') {
      throw new HttpError(400, 'Send the image in a field named "file".', [
        { path: `/${part.fieldname}`, message: 'is not an accepted field' },
      ]);
    }
    const data = await part.toBuffer();
    if (data.length === 0)
      throw new HttpError(400, 'The file is empty: choose an image to upload.', [
        { path: '/file', message: 'is empty' },
      ]);
    const altField = part.fields.alt;
    const alt = altField && !Array.isArray(altField) && altField.type === 'field' ? String(altField.value).trim() : '';
    if (alt.length > 500)
      throw new HttpError(400, 'The text alternative is longer than 500 characters.', [
        { path: '/alt', message: 'must NOT have more than 500 characters' },
      ]);
    return { data, fileName: part.filename, alt };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Upload one image at a time.');
    // Everything read here is the request's own body: a form that ends early or breaks its boundaries (busboy's
    // "Unexpected end of form" carries no status) is the sender's fault, never the server's.
    throw new HttpError(400, 'The upload could not be read: send it again as multipart/form-data.');
  }
}

export const mediaRoutes: FastifyPluginAsync<{ media: MediaContext }> = async (app, { media }) => {
  addMediaSchemas(app);
  await app.register(fastifyMultipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5 } });
  const { db } = media;

  app.post(
    '/',
    {
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          200: mediaRecordRef,
          201: mediaRecordRef,
          ...adminErrors,
          413: apiErrorRef,
          415: apiErrorRef,
          422: apiErrorRef,
          503: apiErrorRef,
        },
      },
      config: { access: 'media' },
    },
    async (request, reply) => {
      const user = signedInAdmin(request);
      // A full queue refuses before the upload is read into memory: a burst of uploads must not buffer them all.
      media.images.refuseWhenFull();
      const upload = await readUpload(request);
      const { record, created } = await uploadMedia(media, { ...upload, uploadedBy: user.name, uploadedById: user.id });
      if (created) await auditRequest(db, request, media.clock(), { action: 'media-upload', target: record._id });
      return reply
        .code(created ? 201 : 200)
        .headers({ ...noStore, location: `/api/media/${record._id}` })
        .send(record);
    },
  );

  app.get<{ Querystring: { q?: string; limit: number; offset: number } }>(
    '/',
    {
      schema: {
        querystring: mediaListQuery,
        response: { 200: { type: 'array', items: mediaRecordRef }, ...adminErrors },
      },
      config: { access: 'media' },
    },
    async (request, reply) => {
      const { q, limit, offset } = request.query;
      const { rows, total } = await listMedia(db, { text: q?.trim() || undefined, limit, offset });
      const files = await filesOfMedia(
        db,
        rows.map((row) => row.id),
      );
      return reply
        .headers({ ...noStore, 'x-total-count': String(total) })
        .send(rows.map((row) => toMediaJson(row, files)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: { params: mediaIdParams, response: { 200: mediaRecordRef, ...adminErrors } },
      config: { access: 'media' },
    },
    async (request, reply) => {
      return reply.headers(noStore).send(await readMedia(db, request.params.id));
    },
  );

  app.patch<{ Params: { id: string }; Body: MediaUpdate }>(
    '/:id',
    {
      schema: { params: mediaIdParams, body: mediaUpdateRef, response: { 200: mediaRecordRef, ...adminErrors } },
      config: { access: 'media:own' },
    },
    async (request, reply) => {
      await checkMediaChange(db, signedInAdmin(request), request.params.id);
      return reply.headers(noStore).send(await changeMediaAlt(db, request.params.id, request.body.alt));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: { params: mediaIdParams, response: { 204: { type: 'null' }, ...adminErrors, 409: apiErrorRef } },
      config: { access: 'media:own' },
    },
    async (request, reply) => {
      await checkMediaChange(db, signedInAdmin(request), request.params.id);
      await removeMedia(db, request.params.id);
      await auditRequest(db, request, media.clock(), { action: 'media-delete', target: request.params.id });
      return reply.code(204).send();
    },
  );
};
