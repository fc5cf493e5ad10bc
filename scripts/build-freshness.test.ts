import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../server/test-support/test-requests.ts';
import { whyBuild } from './lib/build-freshness.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a file under the checkout, changed at `seconds` past the epoch. */
function write(path: string, seconds: number) {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, seconds, seconds);
}

describe('npm start’s check of the build', () => {
  it('builds when there is no build yet', () => {
    root = temporaryDirectory();
    write('src/main.tsx', 100);
    expect(whyBuild(root)).toBe('No build of the site yet');
  });

  it('keeps a build made after every source, and rebuilds after a change to src, content or schemas', () => {
    root = temporaryDirectory();
    for (const source of ['src/site/page.tsx', 'content/pages/seo.json', 'schemas/page.schema.json'])
      write(source, 100);
    write('dist/client/index.html', 200);
    expect(whyBuild(root)).toBeNull();
    for (const [source, at] of [
      ['content/pages/seo.json', 300],
      ['schemas/page.schema.json', 400],
      ['src/site/deep/er/page.tsx', 500],
    ] as const) {
      write(source, at);
      expect(whyBuild(root), source).toBe('The site changed since its last build');
      write('dist/client/index.html', at + 1);
      expect(whyBuild(root)).toBeNull();
    }
  });
});
