import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { sameOrigin, temporaryDirectory as makeTemporaryDirectory, testAdmin } from '../test-support/test-requests.ts';

const apps: FastifyInstance[] = [];
const directories: string[] = [];

function temporaryDirectory(): string {
  const directory = makeTemporaryDirectory();
  directories.push(directory);
  return directory;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function start(options: Partial<AppOptions> & { dataDir: string }) {
  const app = await buildApp({
    seedExamples: false,
    insecureFastPasswordHashingForTests: true,
    announce: () => {},
    ...options,
  });
  apps.push(app);
  return app;
}

function logIn(app: FastifyInstance, credentials: { email: string; password: string }) {
  return app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: credentials });
}

describe('the first admin', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const app = await start({
      dataDir: temporaryDirectory(),
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
    });
    expect((await logIn(app, testAdmin)).statusCode).toBe(200);
  });

  it('gets the new password when ADMIN_PASSWORD changes, and is signed out', async () => {
    const dataDir = temporaryDirectory();
    const first = await start({ dataDir, adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    const login = await logIn(first, testAdmin);
    const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
    await first.close();

    const second = await start({ dataDir, adminEmail: testAdmin.email, adminPassword: 'the changed passphrase' });
    expect((await second.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await logIn(second, testAdmin)).statusCode).toBe(401);
    expect((await logIn(second, { email: testAdmin.email, password: 'the changed passphrase' })).statusCode).toBe(200);
  });

  it('is made up with a random password, announced once, when neither variable is set', async () => {
    const dataDir = temporaryDirectory();
    const announced: string[] = [];
    const app = await start({ dataDir, announce: (message) => announced.push(message) });
    expect(announced).toHaveLength(1);
    const [, email, password] = /account (\S+) with the password (\S+)/.exec(announced[0]!) ?? [];
    expect(email).toBe('admin@northbeam.example');
    expect(password).toMatch(/^[\w-]{24}$/);
    expect((await logIn(app, { email: email!, password: password! })).statusCode).toBe(200);

    await app.close();
    await start({ dataDir, announce: (message) => announced.push(message) });
    expect(announced).toHaveLength(1);
  });

  it.each([
    [{ adminEmail: testAdmin.email }, 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.'],
    [{ adminPassword: testAdmin.password }, 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.'],
    [
      { adminEmail: testAdmin.email, adminPassword: 'too short' },
      'ADMIN_PASSWORD: The password must have at least 12 characters.',
    ],
  ])('stops the start-up with a clear message for %o', async (settings, message) => {
    await expect(start({ dataDir: temporaryDirectory(), ...settings })).rejects.toThrow(message);
  });
});
