import fastifyMultipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaUpdate } from '../../src/content/types.gen.ts';
import { signedInAdmin } from '../auth/index.ts';
import { auditRequest } from '../audit/index.ts';
import { HttpError } from '../http/errors.ts';
import { closeAfterLinger } from '../http/refused-body.ts';
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

// The multipart framing around the file: boundaries, the part's headers and the text alternative's field.
const uploadFramingBytes = 64 * 1024;

/** 413, and the connection closes once it is answered (the rest of the body is never waited for). */
function tooLarge(request: FastifyRequest, reply: FastifyReply): HttpError {
  closeAfterLinger(request, reply);
  return new HttpError(
    413,
    'This file is larger than 15 MB: make it smaller (for example, export it at a lower resolution) and upload it again.',
    [{ path: '/file', message: 'must not be larger than 15 MB' }],
  );
}

/**
 * The file's bytes, refused as soon as its limit trips (busboy's `limit` event: past it, the part's stream only ends
 * with the part, which a chunked upload can put off for ever). multipart's own toBuffer() reads to that end.
 */
function readWithinLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Readable & { truncated?: boolean },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => reject(tooLarge(request, reply)));
    file.once('end', () => (file.truncated ? reject(tooLarge(request, reply)) : resolve(Buffer.concat(chunks))));
    // Also after a refusal: the connection's close then destroys the stream with an error that nobody awaits.
    file.on('error', reject);
  });
}

/** Reads the one file of a multipart upload into memory, never more than the limit (413 once it is passed). */
async function readUpload(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ data: Buffer; fileName: string; alt: string }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the image as multipart/form-data, in a field named "file".');
  }
  // A body declared larger is refused before any of it is read, as a proxy in front would.
  if (Number(request.headers['content-length'] ?? 0) > maxUploadBytes + uploadFramingBytes)
    throw tooLarge(request, reply);
  try {
    // Truncation is noticed by readWithinLimit, at once; @fastify/multipart takes this per call though its types do
    // not say so.
    const options = {
      limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 2000 },
      throwFileSizeLimit: false,
    };
    const part = await request.file(options);
    if (part === undefined)
      throw new HttpError(400, 'Choose an image to upload: the request holds no file.', [
        { path: '/file', message: 'is required' },
      ]);
    if (part.fieldname !== 'file') {
      throw new HttpError(400, 'Send the image in a field named "file".', [
        { path: `/${part.fieldname}`, message: 'is not an accepted field' },
      ]);
    }
    const data = await readWithinLimit(request, reply, part.file);
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(request, reply);
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
      const upload = await readUpload(request, reply);
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
