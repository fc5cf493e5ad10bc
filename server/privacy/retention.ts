import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/index.ts';
import { retentionCutOff } from '../../src/domain/lead-retention.ts';
import { pruneFormPosts, pruneRefusedForms } from '../forms/index.ts';
import { deleteOrphanedNewsletterMail, deleteUnconfirmedSubscribers, pruneSignupMails } from '../newsletter/index.ts';
import { deleteUnpublishedCommentsBefore } from '../comments/index.ts';
import { deleteLeads, leadIdsBefore, type Removed } from '../leads/index.ts';
import { flushErasedPages } from '../store/database.ts';
import type { Database } from '../store/schema.ts';

const dayMs = 24 * 60 * 60 * 1000;
const batch = 200;
export const retentionIntervalMs = dayMs;
/** A comment no one published in this time (waiting, spam or trashed) is deleted with the e-mail it holds. */
export const unpublishedCommentDays = 90;
/** A newsletter subscriber who never confirmed in this time is deleted, with the consent and address it holds. */
export const unconfirmedSubscriberDays = 7;
/** A signup held by the caps on the newsletter's mails (never sent a link) is deleted after this (decision 0032). */
export const heldSubscriberHours = 48;

/** In the audit log's target: what a run or an erasure removed, in words. */
export const removedSummary = ({ leads, cvs }: Removed): string => `${leads} leads, ${cvs} CVs`;

/**
 * Deletes every lead that arrived more than `retentionDays` ago, whatever its status, with its CV, notes and
 * history, comments never published after `unpublishedCommentDays`, subscribers unconfirmed after
 * `unconfirmedSubscriberDays` (held signups after `heldSubscriberHours`) with their mails, and records what it deleted
 * in the audit log; forgets the forms' posts and the signup's mails past their limits' windows, refused forms past
 * their hour, and newsletter mails whose subscriber is gone too.
 * Idempotent: two instances running it at once delete each row once and record what each removed.
 */
export async function applyRetention(db: Kysely<Database>, now: Date, retentionDays: number): Promise<Removed> {
  const before = retentionCutOff(now, retentionDays).toISOString();
  const removed: Removed = { leads: 0, cvs: 0 };
  for (;;) {
    const ids = await leadIdsBefore(db, before, batch);
    if (ids.length === 0) break;
    const some = await deleteLeads(db, ids);
    removed.leads += some.leads;
    removed.cvs += some.cvs;
  }
  await pruneFormPosts(db, now);
  await pruneRefusedForms(db, now);
  await pruneSignupMails(db, now);
  const comments = await deleteUnpublishedCommentsBefore(
    db,
    new Date(now.getTime() - unpublishedCommentDays * dayMs).toISOString(),
  );
  const unconfirmed = await deleteUnconfirmedSubscribers(db, {
    pendingBefore: new Date(now.getTime() - unconfirmedSubscriberDays * dayMs).toISOString(),
    heldBefore: new Date(now.getTime() - heldSubscriberHours * 60 * 60 * 1000).toISOString(),
  });
  await deleteOrphanedNewsletterMail(db);
  // A run that found nothing to delete changed nothing: the daily runs do not crowd the Activity screen.
  if (removed.leads + removed.cvs + comments + unconfirmed > 0) {
    const target =
      removedSummary(removed) +
      (comments > 0 ? `, ${comments} unpublished comments` : '') +
      (unconfirmed > 0 ? `, ${unconfirmed} unconfirmed subscribers` : '');
    await recordAudit(db, { at: now, actor: null, action: 'lead-retention', target });
    await flushErasedPages(db);
  }
  return removed;
}

/** Runs the retention at start-up and once a day after; a failed run is logged and tried again the next day. */
export function startRetention(
  db: Kysely<Database>,
  clock: () => Date,
  /** Read at each run: the site.json of the build served then. */
  retentionDays: () => number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = applyRetention(db, clock(), retentionDays()).then(
      (removed) => log.info({ removed }, 'Retention: deleted leads past their time, with their CVs.'),
      (error: unknown) => log.error({ err: error }, 'The retention of leads and CVs failed; it runs again in a day.'),
    );
  };
  run();
  const timer = setInterval(run, retentionIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
