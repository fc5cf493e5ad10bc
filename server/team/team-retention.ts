import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { deleteSignInLinksRequestedBefore, signInLinkWindowMs } from '../auth/index.ts';
import { deleteInvitationsExpiredBefore } from './team-store.ts';

export const teamRetentionIntervalMs = 24 * 60 * 60 * 1000;

/**
 * Deletes invitations past their expiry, used or not (an address invited a year ago is personal data that nothing
 * needs any more), and requests for sign-in links that no longer count for their limits. Idempotent, so that
 * instances may run it at once.
 */
export async function deleteExpiredTeamLinks(
  db: Kysely<Database>,
  now: Date,
): Promise<{ invitations: number; signInLinks: number }> {
  const at = now.toISOString();
  return {
    invitations: await deleteInvitationsExpiredBefore(db, at),
    signInLinks: await deleteSignInLinksRequestedBefore(db, new Date(now.getTime() - signInLinkWindowMs).toISOString()),
  };
}

/** Runs at start-up and once a day after; a failed run is logged and tried again the next day. */
export function startTeamRetention(
  db: Kysely<Database>,
  clock: () => Date,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = deleteExpiredTeamLinks(db, clock()).then(
      (deleted) => log.debug({ deleted }, 'Retention: deleted expired invitations and sign-in links.'),
      (error: unknown) => log.error({ err: error }, 'Deleting expired invitations failed; it runs again in a day.'),
    );
  };
  run();
  const timer = setInterval(run, teamRetentionIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
