/**
 * When a content document last changed, for the sitemap's lastmod: the time of the last commit that touched the
 * file, read from git, because a fresh clone (CI, a deploy) gives every file the clone's time as its mtime. A
 * file with uncommitted changes, or outside any git history (an unpacked archive, git not installed), falls
 * back to its mtime, which is then the best fact there is. A shallow clone gives its one commit's time.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

function git(repoRoot: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function lastChanged(repoRoot: string, file: string): Date {
  const uncommitted = git(repoRoot, ['status', '--porcelain', '--', file]);
  const committedAt = uncommitted === '' ? git(repoRoot, ['log', '-1', '--format=%cI', '--', file]) : undefined;
  return committedAt ? new Date(committedAt) : statSync(join(repoRoot, file)).mtime;
}
