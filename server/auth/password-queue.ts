import { WorkQueue, type WorkQueueLimits } from '../http/work-queue.ts';

/**
 * scrypt at the production cost takes 128 MiB and most of a second of a thread: two at a time leave the other
 * threads of libuv's pool (files, compression) and the memory to everything else, and a few more may wait.
 */
export const passwordHashingLimits: WorkQueueLimits = {
  concurrency: 2,
  waiting: 4,
  retryAfterSeconds: 5,
  busyMessage: 'Too many sign-ins are being checked right now. Wait a few seconds, then try again.',
};

export function createPasswordQueue(limits: Partial<WorkQueueLimits> = {}): WorkQueue {
  return new WorkQueue({ ...passwordHashingLimits, ...limits });
}
