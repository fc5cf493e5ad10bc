import { request } from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let port: number;

beforeEach(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as { port: number }).port;
});
afterEach(() => testApp.close());

const mebibyte = 1024 * 1024;

/**
 * Sends an application whose CV never ends, chunked or declaring a length it does not keep to, until the server closes the connection or
 * `cap` bytes are sent: gives the status and how much was sent.
 */
function endlessUpload(cap: number, length: Record<string, string>): Promise<{ status?: number; sent: number }> {
  return new Promise((resolve) => {
    const boundary = 'endless-cv-boundary';
    let sent = 0;
    let status: number | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status, sent });
    };
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/applications',
      headers: {
        origin: `http://127.0.0.1:${port}`,
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...length,
      },
    });
    upload.on('response', (response) => {
      status = response.statusCode;
      response.resume();
      response.on('close', () => setTimeout(finish, 100));
    });
    upload.on('error', finish);
    upload.on('close', () => setTimeout(finish, 100));
    upload.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="cv.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const pump = () => {
      while (!done && !upload.destroyed) {
        if (sent >= cap) {
          upload.end(`\r\n--${boundary}--\r\n`);
          return;
        }
        sent += chunk.length;
        if (!upload.write(chunk)) {
          upload.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

it.each([
  ['chunked', { 'transfer-encoding': 'chunked' }],
  ['declared as 4 GB', { 'content-length': String(4 * 1024 * mebibyte) }],
])(
  'answers an endless CV (%s) with 413 and closes the connection instead of reading it to the end',
  async (_how, length) => {
    const cap = 100 * mebibyte;
    const { status, sent } = await endlessUpload(cap, length);
    expect(status).toBe(413);
    // The limit is 10 MB; what the sockets' buffers held when the server stopped reading is all that went further.
    expect(sent).toBeLessThan(40 * mebibyte);
  },
);
