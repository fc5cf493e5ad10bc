/**
 * CONTENT_GIT_REMOTE: every commit is pushed to the remote's branch; a push refused because the remote moved is
 * rebased onto it when no file conflicts, and otherwise kept on a branch of its own on the remote, waiting for
 * someone to merge it, while this checkout follows the remote again. Other instances pull (fast-forward). A remote
 * that cannot be reached makes `publish` throw: push-retry.ts tries again. Nothing said about the remote (its URL,
 * git's errors) leaves this file unredacted (remote-credentials.ts).
 */
import type { ContentChange } from '../../src/content/types.gen.ts';
import { fileHistory, git, head, type Person } from './git.ts';
import type { RemoteCredentials } from './remote-credentials.ts';

export interface RemoteLog {
  warn(message: string): void;
}

export interface PushOutcome {
  /** The commit the save is at now: the one pushed (rebased if need be), or the one left waiting on its branch. */
  commit: string;
  /** Whether the remote's branch moved: other instances have something to pull. */
  advanced: boolean;
}

export interface ContentRemote {
  /** The remote as it may be shown: without its credentials. */
  url: string;
  branch: string;
  /** Pushes HEAD; throws a GitError (redacted) when the remote cannot be reached or refuses for another reason. */
  publish(commit: string): Promise<PushOutcome>;
  /** Brings the remote's branch in by fast-forward; whether HEAD moved. */
  pull(): Promise<boolean>;
  /** The branch of the remote holding a save that conflicted, until the next save goes through. */
  waiting(): string | undefined;
  /**
   * The commits of HEAD that the remote's branch lacks, as last seen by a push or a fetch (or, before the first, as
   * the checkout's upstream branch has it), newest first; undefined when neither is known.
   */
  unpushed(): Promise<ContentChange[] | undefined>;
  redact(text: string): string;
  /** Removes what the credentials needed on disk. */
  close(): void;
}

/** How long a push or a fetch may take before it counts as failed. */
export const remoteTimeoutMs = 60_000;

export function createRemote(
  root: string,
  credentials: RemoteCredentials,
  branch: string,
  committer: Person,
  log: RemoteLog,
): ContentRemote {
  const identity = { GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email };
  const { gitUrl, displayUrl, redact } = credentials;
  // Where this checkout last saw the remote's branch: updated by each push and fetch, for `unpushed`.
  const seen = `refs/studio/remote/${branch}`;
  let waitingBranch: string | undefined;

  /** Git in the checkout with the remote's credentials; every error it throws is redacted. */
  const run = (args: string[], env: Record<string, string> = {}) => {
    const { config, env: credentialEnv } = credentials.gitOptions();
    return git(root, [...config, ...args], { ...credentialEnv, ...env }, { redact, timeoutMs: remoteTimeoutMs });
  };
  /** Pushes HEAD to `ref`; whether the ref moved (git's porcelain flags: fast-forward, forced, new). */
  const push = async (ref: string) =>
    /^[ +*]\t/m.test(await run(['push', '--porcelain', gitUrl, `HEAD:refs/heads/${ref}`]));
  const fetch = () => run(['fetch', '--quiet', gitUrl, `+refs/heads/${branch}:${seen}`]);
  const saw = async () => void (await run(['update-ref', seen, 'HEAD']));

  async function publish(commit: string): Promise<PushOutcome> {
    let refusal: unknown;
    try {
      const advanced = await push(branch);
      await saw();
      waitingBranch = undefined;
      return { commit, advanced };
    } catch (error) {
      // Refused: the remote moved, or it cannot be reached, which the push's own error says best.
      refusal = error;
    }
    await fetch().catch(() => Promise.reject(refusal));
    try {
      await run(['rebase', '--quiet', 'FETCH_HEAD'], identity);
      const advanced = await push(branch);
      await saw();
      waitingBranch = undefined;
      return { commit: await head(root), advanced };
    } catch {
      await run(['rebase', '--abort']).catch(() => undefined);
    }
    const waiting = `studio-waiting/${commit.slice(0, 12)}`;
    await push(waiting);
    waitingBranch = waiting;
    await run(['reset', '--quiet', '--hard', 'FETCH_HEAD']);
    log.warn(
      `The content save ${commit} conflicts with changes on ${branch} of ${displayUrl}: it waits on the branch ${waiting} for someone to merge it.`,
    );
    return { commit, advanced: false };
  }

  async function pull(): Promise<boolean> {
    const before = await head(root);
    await fetch();
    try {
      await run(['merge', '--quiet', '--ff-only', 'FETCH_HEAD']);
    } catch (error) {
      log.warn(`Could not bring ${branch} of ${displayUrl} in by fast-forward: ${(error as Error).message}`);
    }
    return (await head(root)) !== before;
  }

  async function unpushed(): Promise<ContentChange[] | undefined> {
    // Before this checkout's first push or fetch: what it was cloned from, when it was cloned.
    for (const base of [seen, '@{upstream}']) {
      const known = await git(root, ['rev-parse', '--verify', '--quiet', base]).catch(() => '');
      if (known.trim() !== '') return fileHistory(root, '.', `${known.trim()}..HEAD`);
    }
    return undefined;
  }

  return {
    url: displayUrl,
    branch,
    publish,
    pull,
    waiting: () => waitingBranch,
    unpushed,
    redact,
    close: () => credentials.remove(),
  };
}
