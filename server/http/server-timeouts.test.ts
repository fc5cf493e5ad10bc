import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { defaultServerTimeouts } from './server-timeouts.ts';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

describe("the server's timeouts", () => {
  it('are set on the HTTP server: headers, request, keep-alive and idle connections', async () => {
    testApp = await createTestApp();
    const { server } = testApp.app;
    expect(server.headersTimeout).toBe(defaultServerTimeouts.headersMs);
    expect(server.requestTimeout).toBe(defaultServerTimeouts.requestMs);
    expect(server.keepAliveTimeout).toBe(defaultServerTimeouts.keepAliveMs);
    expect(server.timeout).toBe(defaultServerTimeouts.idleMs);
    expect(server.requestTimeout).toBeGreaterThan(server.headersTimeout);
  });

  it('close the connection of a request whose body never finishes, with 408', async () => {
    testApp = await createTestApp({ timeouts: { headersMs: 200, requestMs: 400 } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        'Content-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    await once(socket, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});
