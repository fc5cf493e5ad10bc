/**
 * What a test needs beside an app, without reaching its database: a test file importing only these runs once, on
 * SQLite (scripts/lib/database-test-files.ts tells the PostgreSQL pass's files by their imports of test-database.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';

export const testAdmin = { email: 'editor@northbeam.example', password: 'correct horse battery staple' };

/** The Origin of app.inject's default Host (localhost:80): what the site's own pages send. */
export const sameOrigin = { origin: 'http://localhost' };

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = Date.parse('2025-12-01T12:00:00.000Z')) {}
  readonly now = (): Date => new Date(this.time);
  advance(milliseconds: number): void {
    this.time += milliseconds;
  }
}

export function temporaryDirectory(prefix = 'northbeam-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The Cookie header of a new admin session. */
export async function signIn(app: FastifyInstance, credentials = testAdmin): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: sameOrigin,
    payload: credentials,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** An admin's same-origin request. */
export function asAdmin(cookie: string, request: InjectOptions): InjectOptions {
  return { ...request, headers: { ...sameOrigin, cookie, ...request.headers } };
}
