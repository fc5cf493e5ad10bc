import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastChanged } from './content-dates.ts';

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: root,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_COMMITTER_DATE: '2024-03-05T10:20:30Z',
      GIT_AUTHOR_DATE: '2024-03-05T10:20:30Z',
    },
  });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-dates-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('lastChanged', () => {
  it('gives the time of the last commit of a committed file, not its mtime (a fresh clone)', () => {
    git('init', '-q');
    writeFileSync(join(root, 'page.json'), '{}');
    git('add', 'page.json');
    git('commit', '-qm', 'Add a page');
    utimesSync(join(root, 'page.json'), new Date(), new Date());
    expect(lastChanged(root, 'page.json').toISOString()).toBe('2024-03-05T10:20:30.000Z');
  });

  it('gives the mtime of a file changed since its last commit, or outside any repository', () => {
    const touched = new Date('2025-01-02T03:04:05Z');
    writeFileSync(join(root, 'page.json'), '{"changed":true}');
    utimesSync(join(root, 'page.json'), touched, touched);
    expect(lastChanged(root, 'page.json').toISOString()).toBe(touched.toISOString());

    git('init', '-q');
    git('add', 'page.json');
    git('commit', '-qm', 'Add a page');
    writeFileSync(join(root, 'page.json'), '{"changed":"again"}');
    utimesSync(join(root, 'page.json'), touched, touched);
    expect(lastChanged(root, 'page.json').toISOString()).toBe(touched.toISOString());
  });
});
