/**
 * CONTENT_GIT_REMOTE: every commit is pushed to the remote's branch; a push refused because the remote moved is
 * rebased onto it when no file conflicts, and otherwise kept on a branch of its own on the remote, waiting for
 * someone to merge it, while this checkout follows the remote again. Other instances pull (fast-forward).
 */
import { git, head, type Person } from './git.ts';

export interface RemoteLog {
  warn(message: string): void;
}

export interface ContentRemote {
  url: string;
  branch: string;
  /** Pushes HEAD; the commit that reached the remote's branch (rebased if need be), or the one left waiting. */
  publish(commit: string): Promise<string>;
  /** Brings the remote's branch in by fast-forward; whether HEAD moved. */
  pull(): Promise<boolean>;
  /** The branch of the remote holding a save that conflicted, until the next save goes through. */
  waiting(): string | undefined;
}

export function createRemote(
  root: string,
  url: string,
  branch: string,
  committer: Person,
  log: RemoteLog,
): ContentRemote {
  const identity = { GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email };
  let waitingBranch: string | undefined;

  const push = (ref: string) => git(root, ['push', '--quiet', url, `HEAD:refs/heads/${ref}`]);
  const fetch = () => git(root, ['fetch', '--quiet', url, `refs/heads/${branch}`]);

  async function publish(commit: string): Promise<string> {
    try {
      await push(branch);
      waitingBranch = undefined;
      return commit;
    } catch {
      // Refused: the remote moved. Replay this checkout's commits on the remote's branch, if no file conflicts.
    }
    await fetch();
    try {
      await git(root, ['rebase', '--quiet', 'FETCH_HEAD'], identity);
      await push(branch);
      waitingBranch = undefined;
      return head(root);
    } catch {
      await git(root, ['rebase', '--abort']).catch(() => undefined);
    }
    waitingBranch = `studio-waiting/${commit.slice(0, 12)}`;
    await push(waitingBranch);
    await git(root, ['reset', '--quiet', '--hard', 'FETCH_HEAD']);
    log.warn(
      `The content save ${commit} conflicts with changes on ${branch} of ${url}: it waits on the branch ${waitingBranch} for someone to merge it.`,
    );
    return commit;
  }

  async function pull(): Promise<boolean> {
    const before = await head(root);
    await fetch();
    try {
      await git(root, ['merge', '--quiet', '--ff-only', 'FETCH_HEAD']);
    } catch (error) {
      log.warn(`Could not bring ${branch} of ${url} in by fast-forward: ${(error as Error).message}`);
    }
    return (await head(root)) !== before;
  }

  return { url, branch, publish, pull, waiting: () => waitingBranch };
}
