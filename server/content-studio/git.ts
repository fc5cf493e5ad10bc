/**
 * The studio's git, through Debian's `git` CLI (docs/decisions/0013-the-content-studio.md says why not
 * isomorphic-git): every call is one execFile with its arguments as a list, never a shell, in the checkout.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ContentChange } from '../../src/content/types.gen.ts';
import { commitAuthor, commitMessage } from './commit-identity.ts';

export interface Person {
  name: string;
  email: string;
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitOptions {
  /** Masks credentials in what the error says (its message and git's standard error), before anything can log it. */
  redact?: (text: string) => string;
  /** Kills git after this long: a remote that does not answer must not hold the saves' queue forever. */
  timeoutMs?: number;
}

/** Runs git in `dir`; resolves with its standard output, or rejects with a GitError holding its standard error. */
export function git(
  dir: string,
  args: string[],
  env: Record<string, string> = {},
  { redact = (text) => text, timeoutMs }: GitOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd: dir,
        env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        maxBuffer: 64 * 1024 * 1024,
        ...(timeoutMs === undefined ? {} : { timeout: timeoutMs, killSignal: 'SIGKILL' as const }),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const command = args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? args[0];
        const said = error.killed
          ? `it did not finish within ${Math.round((timeoutMs ?? 0) / 1000)} s`
          : stderr.trim() || error.message;
        reject(new GitError(redact(`git ${command} failed: ${said}`), redact(stderr)));
      },
    );
  });
}

/** The git blob id of these bytes, as `git hash-object` gives it: a document's version, computed without git. */
export function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const field = '\x1f';
const record = '\x1e';
const logFormat = `--format=${record}%H${field}%an${field}%ae${field}%aI${field}%B${field}`;

function parseChange(text: string): ContentChange & { rest: string } {
  const [commit = '', author = '', authorEmail = '', at = '', message = '', rest = ''] = text.split(field);
  return { commit, author, authorEmail, at: new Date(at).toISOString(), message: message.trim(), rest };
}

/** The commits that changed a path, newest first (following the log of the checkout's branch). */
export async function fileHistory(dir: string, path: string, range = 'HEAD'): Promise<ContentChange[]> {
  const out = await git(dir, ['log', logFormat, range, '--', path]);
  return out
    .split(record)
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => {
      const { rest: _rest, ...change } = parseChange(chunk);
      return change;
    });
}

/** The last commit that changed each file under `folder`, by the file's path relative to the checkout. */
export async function lastChanges(dir: string, folder: string): Promise<Map<string, ContentChange>> {
  const out = await git(dir, ['log', logFormat, '--name-only', 'HEAD', '--', folder]);
  const changes = new Map<string, ContentChange>();
  for (const chunk of out.split(record)) {
    if (chunk.trim() === '') continue;
    const { rest, ...change } = parseChange(chunk);
    for (const file of rest.split('\n').map((line) => line.trim())) {
      if (file !== '' && !changes.has(file)) changes.set(file, change);
    }
  }
  return changes;
}

/** The bytes of a path at a commit, or undefined when the commit or the path there does not exist. */
export async function fileAt(dir: string, commit: string, path: string): Promise<Buffer | undefined> {
  try {
    return Buffer.from(await git(dir, ['show', `${commit}:./${path}`]), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Commits files as they are in the working tree, by `author` (its name cleaned, commit-identity.ts), with the server
 * as committer; the new commit's id. The message loses its trailers and control characters; `fallback` is used when
 * nothing of it is left.
 */
export async function commitFiles(
  dir: string,
  paths: string[],
  author: Person,
  committer: Person,
  message: string,
  fallback = 'Edit the site’s content',
) {
  await git(dir, ['add', '--', ...paths]);
  const { name, email } = commitAuthor(author.name, author.email);
  // The identity travels in the environment, never parsed out of "Name <e-mail>" text.
  const identity = {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
  const text = commitMessage(message) || commitMessage(fallback);
  await git(dir, ['commit', '--quiet', '--no-verify', '-m', text, '--', ...paths], identity);
  return head(dir);
}

export async function head(dir: string): Promise<string> {
  return (await git(dir, ['rev-parse', 'HEAD'])).trim();
}

export async function currentBranch(dir: string): Promise<string> {
  return (await git(dir, ['symbolic-ref', '--short', 'HEAD'])).trim();
}

/**
 * Whether `dir` is inside a git working copy with at least one commit. A folder that does not exist is none, and
 * git is not started to say so (every test app names one: starting git cost more CPU than the rest of its studio).
 */
export async function isCheckout(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  try {
    await git(dir, ['rev-parse', '--verify', 'HEAD']);
    return (await git(dir, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}
