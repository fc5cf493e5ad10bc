/**
 * A temporary git repository holding a copy of content/ and schemas/, for tests that save content: tests never
 * commit into the project's own repository.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';

export interface ContentRepository {
  dir: string;
  git(...args: string[]): string;
  remove(): void;
}

export function runGit(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } }).trim();
}

/**
 * A folder with the project's content/ and schemas/, as a git repository with one commit (git: false, a plain copy;
 * `history: true`, a clone of the project's repository, so that each document keeps the date of its last change, as
 * the sitemap tells it, with what the working tree has uncommitted committed on top).
 */
export function createContentRepository({
  git = true,
  history = false,
}: { git?: boolean; history?: boolean } = {}): ContentRepository {
  const dir = mkdtempSync(join(tmpdir(), 'northbeam-content-'));
  if (history) runGit(dir, 'clone', '--quiet', repositoryRoot, '.');
  cpSync(join(repositoryRoot, 'content'), join(dir, 'content'), { recursive: true });
  cpSync(join(repositoryRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
  if (history) {
    runGit(dir, 'config', 'user.name', 'A developer');
    runGit(dir, 'config', 'user.email', 'developer@northbeam.example');
    if (runGit(dir, 'status', '--porcelain', '--', 'content', 'schemas') !== '') {
      runGit(dir, 'add', 'content', 'schemas');
      runGit(dir, 'commit', '--quiet', '-m', 'The content as the project has it');
    }
  } else if (git) {
    runGit(dir, 'init', '--quiet', '--initial-branch=main');
    runGit(dir, 'config', 'user.name', 'A developer');
    runGit(dir, 'config', 'user.email', 'developer@northbeam.example');
    runGit(dir, 'add', '.');
    runGit(dir, 'commit', '--quiet', '-m', 'The content as the project has it');
  }
  return { dir, git: (...args) => runGit(dir, ...args), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A bare repository fed from `source`, and a second clone of it: a remote and another instance's checkout. */
export function createRemoteWithClone(source: ContentRepository): { remote: string; clone: ContentRepository } {
  const remote = mkdtempSync(join(tmpdir(), 'northbeam-remote-'));
  runGit(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
  source.git('push', '--quiet', remote, 'HEAD:refs/heads/main');
  const cloneDir = mkdtempSync(join(tmpdir(), 'northbeam-clone-'));
  runGit(cloneDir, 'clone', '--quiet', remote, '.');
  return {
    remote,
    clone: {
      dir: cloneDir,
      git: (...args) => runGit(cloneDir, ...args),
      remove: () => {
        rmSync(cloneDir, { recursive: true, force: true });
        rmSync(remote, { recursive: true, force: true });
      },
    },
  };
}
