/**
 * The server each browser test file runs against, its worker's (file-server.ts): its settings, and where a test file
 * finds its own (page-helpers.ts's `baseURL()` and `dataDir()`).
 */
import type { ServerEnvironment } from '../../server/test-support/server-process.ts';

export const admin = { email: 'e2e-admin@northbeam.example', password: 'e2e-correct-horse-battery' };

/**
 * The production server's settings for a browser test, on a data folder and a content checkout of its own. The
 * forms' time trap is 0 (production's is 3 s, decision 0022): the browser learns it with each form token, so no test
 * waits it out; the trap itself is tested in server/forms/time-trap-setting.test.ts and the forms' own tests.
 */
export const testServerEnvironment =
  ({ dataDir, contentDir }: { dataDir: string; contentDir: string }): ServerEnvironment =>
  (base) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SITE_URL: base,
    CONTENT_DIR: contentDir,
    FORM_TIME_TRAP_MS: '0',
  });

export interface FileServer {
  /** http://127.0.0.1:PORT */
  base: string;
  /** Its SQLite database's folder, for tests that store rows directly or run the admin CLI on it. */
  dataDir: string;
}

let current: FileServer | undefined;

/** Set by file-server.ts before the test file runs. */
export function setFileServer(server: FileServer): void {
  current = server;
}

export function fileServer(): FileServer {
  if (!current) throw new Error('No server for this test file: tests/e2e/file-server.ts runs before each file.');
  return current;
}
