/**
 * Live in seconds (docs/decisions/0015): after a save, a restore or a pull, the site is built again from the commit
 * now checked out, into a folder of its own, and the server swaps it in whole (server/pages/served-site.ts
 * `LiveBuild`). One build at a time; saves made meanwhile are taken together by the next.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { LiveBuild } from '../pages/served-site.ts';
import { repositoryRoot } from '../repository-root.ts';
import { contentFingerprint } from './content-files.ts';
import { git, head } from './git.ts';

export interface PublisherLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface PublisherOptions {
  /** The checkout holding content/. */
  root: string;
  /** Where builds are made: inside the repository, so that the render bundle finds its packages. */
  buildsDir: string;
  live: LiveBuild;
  log: PublisherLog;
}

export interface SitePublisher {
  /** Builds and serves the commit checked out now, unless the served build shows its content already. */
  publish(): Promise<void>;
  /** The commit whose content the site serves; null until known. */
  liveCommit(): string | null;
  /** Stops the build under way, if any (the server is closing), and publishes nothing more. */
  stop(): Promise<void>;
}

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const buildScript = join(repositoryRoot, 'scripts', 'build-site.ts');

/** Runs the build; answers the time its steps took, as it printed them (scripts/build-site.ts). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, started: (child: ChildProcess) => void) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started(child);
    let errors = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(/build-site steps: (.*)/.exec(output)?.[1] ?? '')
        : reject(new Error(`The site's build failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

export function createSitePublisher({ root, buildsDir, live, log }: PublisherOptions): SitePublisher {
  let servedCommit: string | null = null;
  let running: Promise<void> | undefined;
  let again = false;
  let count = 0;
  let stopped = false;
  let child: ChildProcess | undefined;
  const mine: string[] = [];

  /** The commit's content/ alone, with its history (for the sitemap's dates): a clone sharing the checkout's objects. */
  async function snapshot(commit: string, dir: string): Promise<void> {
    await git(buildsDir, ['clone', '--quiet', '--shared', '--no-checkout', root, dir]);
    await git(dir, ['sparse-checkout', 'set', 'content']);
    await git(dir, ['checkout', '--quiet', '--detach', commit]);
  }

  async function publishOnce(): Promise<void> {
    if (!live.swap || stopped) return;
    mkdirSync(buildsDir, { recursive: true });
    const commit = await head(root);
    const name = `${process.pid}-${Date.now()}-${(count += 1)}`;
    const source = join(buildsDir, `content-${name}`);
    const started = Date.now();
    try {
      await snapshot(commit, source);
      if (contentFingerprint(source) === live.fingerprint) {
        servedCommit = commit;
        return;
      }
      const snapshotMs = Date.now() - started;
      const out = join(buildsDir, `site-${name}`);
      mine.push(out);
      const args = [tsxCli, buildScript, '--out', out, ...(live.clientDir ? ['--previous', live.clientDir] : [])];
      // The build has no business with the remote's token.
      const { CONTENT_GIT_TOKEN: _token, ...inherited } = process.env;
      const env = { ...inherited, CONTENT_DIR: source, NODE_ENV: 'production' };
      const steps = await run(process.execPath, args, env, (started) => (child = started)).finally(
        () => (child = undefined),
      );
      if (stopped) return;
      const built = Date.now();
      await live.swap(join(out, 'client'));
      servedCommit = commit;
      log.info(
        `The site shows content commit ${commit.slice(0, 7)} after ${Date.now() - started} ms: snapshot ` +
          `${snapshotMs} ms, build ${built - started - snapshotMs} ms (${steps}), swap ${Date.now() - built} ms`,
      );
      removeOlderBuilds();
    } finally {
      rmSync(source, { recursive: true, force: true });
    }
  }

  /** Builds older than the one before the served one: their files are copied into the newer ones. */
  function removeOlderBuilds(): void {
    while (mine.length > 2) rmSync(mine.shift()!, { recursive: true, force: true });
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await publishOnce();
      } catch (error) {
        log.warn(`Could not publish the content: ${(error as Error).message}`);
      }
    } while (again && !stopped);
  }

  return {
    publish() {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => (running = undefined));
      return running;
    },
    liveCommit: () => servedCommit,
    async stop() {
      stopped = true;
      child?.kill();
      await running;
    },
  };
}
