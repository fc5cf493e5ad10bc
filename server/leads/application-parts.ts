import type { FastifyReply, FastifyRequest } from 'fastify';
import { formBodyLimit } from '../forms/index.ts';
import { HttpError } from '../http/errors.ts';
import { closeAfterLinger } from '../http/refused-body.ts';
import { cvMimeType, cvTooLarge, maxCvBytes } from './cv-file.ts';
import type { CvUpload } from './lead-intake.ts';

/** Reading an application's multipart body: its text fields, and its CV within its limit. */

// A body declared larger is refused before it is read. Up to it, a CV over its limit is read past (and dropped), so
// that the fields after it come back to the person with the refusal: the declared length bounds what is read.
const applicationBodyLimit = 2 * maxCvBytes + formBodyLimit;

/**
 * The CV's bytes, refused with 413 as soon as its limit trips: multipart's own toBuffer() reads (and discards) the
 * rest of the part, which a chunked upload can make endless.
 */
async function readCv(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  readPast: boolean,
): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    if (file.truncated && !readPast) throw cvTooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) {
    if (!readPast) throw cvTooLarge();
    return 'too large';
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an application's parts; its text fields go into `fields` as they come, so that a refusal, the CV's included,
 * still has what was typed before it.
 */
export async function readApplicationParts(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: [string, string][],
): Promise<CvUpload | undefined> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the application as multipart/form-data, with your CV in a field named "cv".');
  }
  if (Number(request.headers['content-length'] ?? 0) > applicationBodyLimit) {
    closeAfterLinger(request, reply);
    throw cvTooLarge();
  }
  let cv: { fileName: string; data: Buffer } | undefined;
  let cvTooLong = false;
  // Only a body of declared length is read past its CV's limit: a chunked one could run for ever.
  const readPast = request.headers['content-length'] !== undefined;
  try {
    // @fastify/multipart takes throwFileSizeLimit per call too, though its types do not say so.
    const options = {
      limits: { fileSize: maxCvBytes, files: 1, fields: 30, fieldSize: 20_000 },
      throwFileSizeLimit: !readPast,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      if (part.fieldname !== 'cv') {
        throw new HttpError(400, 'Attach your CV in the field named "cv".', [
          { path: `/${part.fieldname}`, message: 'is not an accepted field' },
        ]);
      }
      const data = await readCv(part.file, readPast);
      if (data === 'too large') cvTooLong = true;
      // A browser sends an empty file part when no file was chosen.
      else if (data.length > 0) cv = { fileName: part.filename, data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof HttpError || code === 'FST_REQ_FILE_TOO_LARGE') {
      if ((error as { statusCode?: number }).statusCode === 413) closeAfterLinger(request, reply);
      throw error instanceof HttpError ? error : cvTooLarge();
    }
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(400, 'Attach one CV only.', [{ path: '/cv', message: 'must be one file' }]);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(413, 'The form holds more fields than it should.');
    throw new HttpError(400, 'The application could not be read: send it again as multipart/form-data.');
  }
  if (cvTooLong) throw cvTooLarge();
  if (cv === undefined) return undefined;
  return { ...cv, mimeType: await cvMimeType(cv.data) };
}
