/**
 * The content studio (issue 42), the feature's only door: the marketers' editor over the git checkout of content/,
 * its API (/api/content), and the watcher that brings in what other instances saved.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveBuild } from '../pages/served-site.ts';
import type { Database } from '../store/schema.ts';
import type { ContentRouteOptions } from './content-routes.ts';
import { watchContentHeads } from './content-watcher.ts';
import { head, isCheckout, type Person } from './git.ts';
import type { PushRetryTiming } from './push-retry.ts';
import { createRemote, type ContentRemote } from './remote.ts';
import { remoteCredentials } from './remote-credentials.ts';
import { createSitePublisher } from './site-publisher.ts';
import { createStudio } from './studio.ts';

export { contentRoutes, type ContentRouteOptions } from './content-routes.ts';
export { pageFolders } from './content-files.ts';

export interface ContentSettings {
  /** The checkout holding content/ (CONTENT_DIR); the repository by default. */
  dir: string;
  /** CONTENT_GIT_COMMITTER, "Name <e-mail>". */
  committer?: string;
  /** CONTENT_GIT_REMOTE and CONTENT_GIT_BRANCH (main by default). */
  remote?: string;
  branch?: string;
  /** The remote's credentials, kept out of its URL: CONTENT_GIT_TOKEN, CONTENT_GIT_TOKEN_FILE, CONTENT_GIT_SSH_KEY. */
  token?: string;
  tokenFile?: string;
  sshKey?: string;
  /** How soon a failed push is tried again; tests shorten it. */
  pushRetry?: PushRetryTiming;
  /**
   * Where the site is built again after each save or pull, to be served without a restart (inside the repository,
   * so that the render bundle finds its packages). Without it, the site shows the build the server started with.
   */
  buildsDir?: string;
}

/** "Name <e-mail>" as a person; the default when the setting is absent or malformed. */
export function parsePerson(value: string | undefined, fallback: Person): Person {
  const match = /^\s*([^<>]+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value ?? '');
  return match ? { name: match[1]!, email: match[2]! } : fallback;
}

/** The remote with its credentials; a URL holding a secret works, with a warning to move the secret out of it. */
function openRemote(app: FastifyInstance, settings: ContentSettings, committer: Person): ContentRemote {
  const { remote: url = '', token, tokenFile, sshKey } = settings;
  const credentials = remoteCredentials({ url, token, tokenFile, sshKey });
  if (credentials.urlHoldsSecret) {
    app.log.warn(
      `CONTENT_GIT_REMOTE (${credentials.displayUrl}) holds a credential: it is kept out of answers and logs, but ` +
        'anyone who reads the settings reads it. Move it to CONTENT_GIT_TOKEN_FILE (see the README).',
    );
  }
  return createRemote(settings.dir, credentials, settings.branch ?? 'main', committer, app.log);
}

export async function startContentStudio(
  app: FastifyInstance,
  settings: ContentSettings,
  context: { db: Kysely<Database>; clock: () => Date; defaultCommitter: Person; live: LiveBuild },
): Promise<ContentRouteOptions> {
  const { db, clock, live } = context;
  const committer = parsePerson(settings.committer, context.defaultCommitter);
  const remote = settings.remote ? openRemote(app, settings, committer) : undefined;
  const checkout = await isCheckout(settings.dir);
  const publisher =
    settings.buildsDir && checkout
      ? createSitePublisher({
          root: settings.dir,
          buildsDir: settings.buildsDir,
          live,
          log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
        })
      : undefined;
  // Without a publisher, the site shows the build the server started with (docs/decisions/0015).
  const liveAtStart = checkout ? await head(settings.dir) : null;
  const published = () => void publisher?.publish();
  const log = { warn: (message: string) => app.log.warn(message), info: (message: string) => app.log.info(message) };
  const { pushRetry } = settings;
  const studio = createStudio({ root: settings.dir, db, clock, committer, remote, published, log, pushRetry });
  const watcher = await watchContentHeads({ root: settings.dir, db, remote, log: app.log, pulled: published });
  // Once the site's build is loaded: it may show other content than the checkout's (a restart after saves).
  app.addHook('onReady', async () => {
    published();
    if (checkout) studio.start();
  });
  app.addHook('onClose', async () => {
    await watcher.stop();
    await studio.stop();
    await publisher?.stop();
    remote?.close();
  });
  return { studio, remote, live: publisher ? () => publisher.liveCommit() : () => liveAtStart };
}
