import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

/** Sends one raw HTTP/1.1 request and reads the answer until the server closes the connection. */
async function rawRequest(port: number, requestLine: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  await once(socket, 'close');
  return received;
}

describe('a request target in absolute form (RFC 9112, 3.2.2)', () => {
  it('is answered as its path, never with a 500 or a stack, and its authority names no link', async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;

    const health = await rawRequest(port, 'GET http://evil.example/healthz HTTP/1.1');
    expect(health).toMatch(/^HTTP\/1\.1 200 /);
    expect(health).not.toContain('evil.example');

    const missing = await rawRequest(port, 'GET http://evil.example/api/no-such-route?x=1 HTTP/1.1');
    expect(missing).toMatch(/^HTTP\/1\.1 404 /);
    expect(missing).toContain('No API route GET /api/no-such-route');
    expect(missing).not.toMatch(/ at .*\.ts:\d+/);

    const bare = await rawRequest(port, 'GET http://evil.example HTTP/1.1');
    expect(bare).not.toMatch(/^HTTP\/1\.1 5\d\d /);
  });
});

describe('a request target that is neither a path nor an absolute http(s) address', () => {
  it.each([
    'GET * HTTP/1.1',
    'GET */about HTTP/1.1',
    'GET ftp://x/y HTTP/1.1',
    'OPTIONS * HTTP/1.1',
    'POST *x HTTP/1.1',
  ])('is refused with 400 in words, never a 500: %s', async (requestLine) => {
    testApp = await createTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const answer = await rawRequest(port, requestLine);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"statusCode":400');
    expect(answer).toContain('The request target must be a path');
  });
});
