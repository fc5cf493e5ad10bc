import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildSiteForTests, sharedSiteBuild } from './site-build.ts';
import { temporaryDirectory } from './test-requests.ts';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the site build of a test run', () => {
  it('is built once, in the folder the run shares, and outlives a test file that removes it', async () => {
    const first = await buildSiteForTests();
    const second = await buildSiteForTests();
    expect(second.clientDir).toBe(first.clientDir);
    expect(first.clientDir.startsWith(inject('sharedFolder'))).toBe(true);
    first.remove();
    expect(existsSync(join(first.clientDir, 'routes.json'))).toBe(true);
    expect(existsSync(join(first.clientDir, '..', 'server', 'entry-server.js'))).toBe(true);
  }, 180_000);

  it('is taken as it is once another test file marked it ready', async () => {
    folder = temporaryDirectory();
    mkdirSync(join(folder, 'site'));
    writeFileSync(join(folder, 'site.ready'), '');
    expect((await sharedSiteBuild(folder)).clientDir).toBe(join(folder, 'site', 'client'));
  });

  it('fails with the reason when the test file that built it failed, instead of waiting', async () => {
    folder = temporaryDirectory();
    mkdirSync(join(folder, 'site'));
    writeFileSync(join(folder, 'site.failed'), 'Error: src/entry-server.tsx does not compile');
    await expect(sharedSiteBuild(folder)).rejects.toThrow(
      'The shared site build failed:\nError: src/entry-server.tsx does not compile',
    );
  });
});
