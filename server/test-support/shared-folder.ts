import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a test file waits for another to finish a shared build before giving up. */
const sharedBuildWaitMs = 170_000;

/**
 * `make(root)` done once for the test run in `sharedFolder/name` (global-setup.ts makes the folder): the first file to
 * ask makes it, under a lock that is the folder's creation; the others wait for its `ready` (or `failed`) mark. Never
 * removed by a test: the run removes it. Resolves with the folder.
 */
export async function sharedOnce(
  sharedFolder: string,
  name: string,
  make: (root: string) => Promise<void>,
): Promise<string> {
  const root = join(sharedFolder, name);
  const ready = join(sharedFolder, `${name}.ready`);
  const failed = join(sharedFolder, `${name}.failed`);
  try {
    mkdirSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (const deadline = Date.now() + sharedBuildWaitMs; Date.now() < deadline; await sleep(100)) {
      if (existsSync(ready)) return root;
      if (existsSync(failed)) throw new Error(`The shared ${name} build failed:\n${readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`The shared ${name} build in ${root} was not ready within ${sharedBuildWaitMs / 1000} s.`);
  }
  try {
    await make(root);
  } catch (error) {
    writeFileSync(failed, (error as Error).stack ?? String(error));
    throw error;
  }
  writeFileSync(ready, '');
  return root;
}

/** The folder shared by this Vitest run's test files, when the run made one (server/test-support/global-setup.ts). */
export async function sharedFolder(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const folder = inject('sharedFolder');
  return folder && existsSync(folder) ? folder : undefined;
}
