import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { maxUploadBytes } from './media-routes.ts';

let testApp: TestApp;
let port: number;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  cookie = await signIn(testApp.app);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as { port: number }).port;
});
afterEach(() => testApp.close());

const boundary = 'upload-limit-boundary';
const mebibyte = 1024 * 1024;

interface Upload {
  upload: ClientRequest;
  answer: Promise<IncomingMessage>;
  /** Settles when the connection has ended: the server closed it (or it broke). */
  ended: Promise<void>;
}

function startUpload(length: Record<string, string>): Upload {
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/media',
    headers: {
      origin: `http://127.0.0.1:${port}`,
      cookie,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...length,
    },
  });
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    upload.once('response', resolve);
    upload.once('error', reject);
  });
  const ended = new Promise<void>((resolve) => {
    upload.once('socket', (socket) => {
      socket.once('end', resolve);
      socket.once('close', resolve);
    });
  });
  return { upload, answer, ended };
}

async function bodyOf(response: IncomingMessage): Promise<{ statusCode: number; message: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as { statusCode: number; message: string };
}

describe('an upload larger than the limit', () => {
  it('declared so by its Content-Length is answered 413 before any of its body is sent, and the connection closes', async () => {
    const { upload, answer, ended } = startUpload({ 'content-length': String(300 * mebibyte) });
    // Only the headers go out: the answer must come without the server waiting for the body.
    upload.flushHeaders();
    const response = await answer;
    expect(response.statusCode).toBe(413);
    expect(await bodyOf(response)).toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/larger than 15 MB/),
    });
    // Not a byte of the body was written, and the server closed the connection rather than wait for it.
    expect(upload.socket!.bytesWritten).toBeLessThan(2048);
    await ended;
    upload.destroy();
  });

  it('sent chunked is answered 413 once the limit is passed, long before its end, and the connection closes', async () => {
    const { upload, answer, ended } = startUpload({ 'transfer-encoding': 'chunked' });
    let sent = 0;
    let answered = false;
    void answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    upload.on('error', () => {});
    upload.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="huge.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const cap = 300 * mebibyte;
    // Writes until the answer comes (or the cap, which a server reading everything would reach first).
    while (!answered && sent < cap && !upload.destroyed) {
      sent += chunk.length;
      if (!upload.write(chunk)) {
        await Promise.race([
          new Promise((resolve) => upload.once('drain', resolve)),
          answer.catch(() => undefined),
          new Promise((resolve) => upload.once('close', resolve)),
        ]);
      }
    }
    const response = await answer;
    expect(response.statusCode).toBe(413);
    expect((await bodyOf(response)).statusCode).toBe(413);
    await ended;
    // Past the limit, only what the sockets' buffers held went further.
    expect(sent).toBeGreaterThan(maxUploadBytes);
    expect(sent).toBeLessThan(maxUploadBytes + 40 * mebibyte);
    upload.destroy();
  });
});
