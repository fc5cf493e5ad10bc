import { WorkQueue, type WorkQueueLimits } from '../http/work-queue.ts';

/**
 * Decoding and resizing an upload takes a thread of sharp's and up to a few hundred MiB for a 40-megapixel image:
 * two at a time keep a burst of uploads from taking the memory and the threads that pages need, and a few more may
 * wait their turn.
 */
export const imageProcessingLimits: WorkQueueLimits = {
  concurrency: 2,
  waiting: 6,
  retryAfterSeconds: 10,
  busyMessage: 'Too many images are being processed right now. Wait a few seconds, then upload this one again.',
};

export function createImageQueue(limits: Partial<WorkQueueLimits> = {}): WorkQueue {
  return new WorkQueue({ ...imageProcessingLimits, ...limits });
}
