import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import Fastify from 'fastify';
import { addApiSchemas } from './api-schemas.ts';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { createTestApp, temporaryDirectory, type TestApp } from '../test-support/test-app.ts';
import { healthRoutes } from './health-routes.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function probe(db: Kysely<Database>, timeoutMs?: number) {
  const app = Fastify();
  addApiSchemas(app);
  await app.register(healthRoutes, { db, timeoutMs });
  try {
    return await app.inject({ url: '/healthz' });
  } finally {
    await app.close();
  }
}

const unavailable = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Not ready to serve requests.',
  details: [],
};

describe('GET /healthz', () => {
  it('answers 200 while the database answers, never cached, with the security headers', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 503, saying nothing about why, when the database is gone', async () => {
    testApp = await createTestApp();
    const db = openDatabase(testApp.store);
    expect((await probe(db)).statusCode).toBe(200);
    await db.destroy();
    const response = await probe(db);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
  });

  it('answers 503 in time when the database accepts connections but never answers', async () => {
    const silentSockets = new Set<Socket>();
    const silentServer = createServer((socket) => silentSockets.add(socket)).listen(0, '127.0.0.1');
    await once(silentServer, 'listening');
    const { port } = silentServer.address() as { port: number };
    const db = openDatabase({
      dataDir: temporaryDirectory(),
      databaseUrl: `postgres://nobody:secret@127.0.0.1:${port}/nothing`,
    });
    try {
      // The database never answers: an answer at all is the probe's own time limit.
      const response = await probe(db, 200);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
    } finally {
      for (const socket of silentSockets) socket.destroy();
      silentServer.close();
      await db.destroy();
    }
  });
});
