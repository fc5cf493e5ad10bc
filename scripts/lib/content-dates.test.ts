import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastChanged, lastChangedAll } from './content-dates.ts';

let root: string;
const git = (...args: string[]) => gitAt(root, '2024-03-05T10:20:30Z', ...args);
const gitAt = (cwd: string, date: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_COMMITTER_DATE: date,
      GIT_AUTHOR_DATE: date,
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

describe('lastChangedAll', () => {
  it('dates every file as lastChanged does, each by its own last commit, in a checkout below the repository', () => {
    git('init', '-q');
    const site = join(root, 'site');
    mkdirSync(join(site, 'content', 'pages'), { recursive: true });
    const files = ['content/pages/a.json', 'content/pages/b.json', 'content/c.json', 'content/new.json'];
    for (const file of files.slice(0, 3)) writeFileSync(join(site, file), '{}');
    gitAt(site, '2024-01-01T00:00:00Z', 'add', '.');
    gitAt(site, '2024-01-01T00:00:00Z', 'commit', '-qm', 'Add three pages');
    writeFileSync(join(site, 'content/pages/b.json'), '{"b":1}');
    gitAt(site, '2024-02-01T00:00:00Z', 'commit', '-qam', 'Change b');
    writeFileSync(join(site, 'content/c.json'), '{"c":"not committed"}');
    writeFileSync(join(site, 'content/new.json'), '{}');
    const touched = new Date('2025-01-02T03:04:05Z');
    for (const file of files.slice(2)) utimesSync(join(site, file), touched, touched);

    const dates = lastChangedAll(site, files);
    expect(Object.fromEntries([...dates].map(([file, at]) => [file, at.toISOString()]))).toEqual({
      'content/pages/a.json': '2024-01-01T00:00:00.000Z',
      'content/pages/b.json': '2024-02-01T00:00:00.000Z',
      'content/c.json': touched.toISOString(),
      'content/new.json': touched.toISOString(),
    });
    for (const file of files) expect(lastChanged(site, file)).toEqual(dates.get(file));
  });
});
