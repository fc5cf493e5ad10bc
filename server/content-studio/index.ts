/**
 * The content studio (issue 42), the feature's only door: the marketers' editor over the git checkout of content/,
 * its API (/api/content), and the watcher that brings in what other instances saved.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ContentRouteOptions } from './content-routes.ts';
import { watchContentHeads } from './content-watcher.ts';
import type { Person } from './git.ts';
import type { Publisher } from './publisher.ts';
import { createRemote } from './remote.ts';
import { createStudio } from './studio.ts';

export { contentRoutes, type ContentRouteOptions } from './content-routes.ts';

export interface ContentSettings {
  /** The checkout holding content/ (CONTENT_DIR); the repository by default. */
  dir: string;
  /** CONTENT_GIT_COMMITTER, "Name <e-mail>". */
  committer?: string;
  /** CONTENT_GIT_REMOTE and CONTENT_GIT_BRANCH (main by default). */
  remote?: string;
  branch?: string;
}

/** "Name <e-mail>" as a person; the default when the setting is absent or malformed. */
export function parsePerson(value: string | undefined, fallback: Person): Person {
  const match = /^\s*([^<>]+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value ?? '');
  return match ? { name: match[1]!, email: match[2]! } : fallback;
}

export async function startContentStudio(
  app: FastifyInstance,
  settings: ContentSettings,
  context: { db: Kysely<Database>; clock: () => Date; defaultCommitter: Person; publisher?: Publisher },
): Promise<ContentRouteOptions> {
  const { db, clock, publisher } = context;
  const committer = parsePerson(settings.committer, context.defaultCommitter);
  const remote = settings.remote
    ? createRemote(settings.dir, settings.remote, settings.branch ?? 'main', committer, app.log)
    : undefined;
  const onCommit = (commit: string) => publisher?.publish(commit);
  const studio = createStudio({ root: settings.dir, db, clock, committer, remote, onCommit });
  const watcher = await watchContentHeads({ root: settings.dir, db, remote, onHead: onCommit, log: app.log });
  app.addHook('onClose', () => watcher.stop());
  return { studio, remote, publisher };
}
