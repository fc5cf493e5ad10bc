// The rest of the server reaches the outbox and its delivery only through this file (eslint.import-rules.js).
export { defaultNoticesPerHour, floodReason, queueHourlyNotice } from './hourly-notices.ts';
export { backoffMs, startMailWorker } from './mail-worker.ts';
export { startPollingLoop } from './polling-loop.ts';
export { enqueueMail } from './outbox.ts';
export type { OutgoingMail } from './outbox.ts';
export { smtpTransport } from './smtp-transport.ts';
