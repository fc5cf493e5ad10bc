import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFileName } from './store/database.ts';
import { startBundledServer, type ServerProcess, signInOver } from './test-support/server-process.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

const admin = { email: 'shutdown@northbeam.example', password: 'a password long enough' };
let server: ServerProcess | undefined;
let dataDir: string;

afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** True once a new connection to the port is refused, checked for up to five seconds. */
async function refusesConnections(port: number): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const socket = connect(port, '127.0.0.1');
    const outcome = await new Promise<string | undefined>((resolve) => {
      socket.once('connect', () => resolve('accepted'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    socket.destroy();
    if (outcome === 'ECONNREFUSED') return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('the server process on SIGTERM', () => {
  it('refuses new connections, finishes the request in flight, then closes the database and exits 0', async () => {
    dataDir = temporaryDirectory();
    // The server as npm start runs it, from the run's one bundle (main.test.ts starts npm start's own script).
    server = await startBundledServer({ DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const cookie = await signInOver(server.base, admin);
    const port = Number(new URL(server.base).port);

    // A write whose body is still arriving when the signal comes.
    const body = JSON.stringify({
      title: 'Sent during shutdown',
      slug: 'sent-during-shutdown',
      content: '<p>Kept</p>',
    });
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/blogs',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: server.base,
        cookie,
      },
    });
    const answered = once(inFlight, 'response') as Promise<[IncomingMessage]>;
    inFlight.write(body.slice(0, 20));
    await once(inFlight, 'socket');
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill('SIGTERM');
    expect(await refusesConnections(port)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    inFlight.end(body.slice(20));
    const [response] = await answered;
    response.resume();
    expect(response.statusCode).toBe(201);

    const exitedAt = performance.now();
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    // Well within the ten seconds' grace: the finished request's connection does not hold the process up.
    expect(performance.now() - exitedAt).toBeLessThan(5000);

    // SQLite folds its write-ahead log into the database file and removes it when the last connection closes.
    expect(existsSync(join(dataDir, `${sqliteFileName}-wal`))).toBe(false);
    const database = new SQLite(join(dataDir, sqliteFileName), { readonly: true });
    try {
      expect(database.prepare('SELECT title FROM posts WHERE slug = ?').get('sent-during-shutdown')).toEqual({
        title: 'Sent during shutdown',
      });
    } finally {
      database.close();
    }
    // More than the 90 s the server is given to start on a busy machine (startBundledServer), after the run's bundle.
  }, 180_000);
});
