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

/**
 * When each of `files` (paths under `repoRoot`) last changed, with three calls of git whatever their number: one
 * call per file took seconds of a content save's time to live (docs/decisions/0015).
 */
export function lastChangedAll(repoRoot: string, files: readonly string[]): Map<string, Date> {
  const lines = (out: string | undefined) => new Set(out?.split('\n').filter(Boolean));
  const paths = ['--', ...files];
  const changed = lines(git(repoRoot, ['diff', 'HEAD', '--name-only', '--relative', ...paths]));
  const untracked = lines(git(repoRoot, ['ls-files', '--others', ...paths]));
  const committed = new Map<string, string>();
  // Newest first: "\u0001<date>" then the files that commit changed, each file's first date is its last change.
  const log = git(repoRoot, ['log', '--format=%x01%cI', '--name-only', '--relative', ...paths]) ?? '';
  for (const entry of log.split('\u0001').slice(1)) {
    const [date, ...names] = entry.split('\n').filter(Boolean);
    for (const name of names) if (!committed.has(name)) committed.set(name, date!);
  }
  // Outside any history git answers nothing, and every file is dated by its mtime.
  return new Map(
    files.map((file) => {
      const at = !changed.has(file) && !untracked.has(file) ? committed.get(file) : undefined;
      return [file, at ? new Date(at) : statSync(join(repoRoot, file)).mtime];
    }),
  );
}

export function lastChanged(repoRoot: string, file: string): Date {
  return lastChangedAll(repoRoot, [file]).get(file)!;
}
