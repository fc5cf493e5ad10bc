import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { MediaRecord } from '../../src/content/types.gen.ts';
import { asAdmin } from './test-requests.ts';

export interface FormPart {
  name: string;
  value: Buffer | string;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body, written by hand so that tests can send anything, broken uploads included. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----northbeam-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An image made on the spot: a gradient, so that encoders have something to do and each seed differs. */
export async function testImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'png',
  seed = 0,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x204080 + seed * 0x10203).toString(16).slice(-6).padStart(6, '0')}"/><stop offset="1" stop-color="#f0c040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export function uploadRequest(cookie: string, file: Buffer, fileName = 'photo.png', alt?: string): InjectOptions {
  const parts: FormPart[] = alt === undefined ? [] : [{ name: 'alt', value: alt }];
  parts.push({ name: 'file', value: file, fileName, contentType: 'application/octet-stream' });
  const { payload, headers } = multipartBody(parts);
  return asAdmin(cookie, { method: 'POST', url: '/api/media', payload, headers });
}

export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  file: Buffer,
  fileName = 'photo.png',
  alt?: string,
): Promise<MediaRecord> {
  const response = await app.inject(uploadRequest(cookie, file, fileName, alt));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<MediaRecord>();
}
