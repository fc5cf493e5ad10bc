import type { NewsletterSend } from '@/content/types.gen.ts';

const numberFormat = new Intl.NumberFormat('en-GB');

/** 1234 → "1,234". */
export const formatCount = (value: number) => numberFormat.format(value);

/** "1 subscriber", "1,234 subscribers". */
export const countOf = (value: number, one: string, many = `${one}s`) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/** The messages a send has dealt with, one way or another: what the progress bar counts. */
export const handledOf = (send: NewsletterSend) => send.sent + send.failed + send.skipped;

/** Where a send stands, in a sentence: what is happening and what happens next. */
export function statusSentence(send: NewsletterSend): string {
  const sent = `${countOf(send.sent, 'message')} of ${formatCount(send.total)} sent`;
  switch (send.status) {
    case 'queued':
      return `Queued: the first messages go out in a moment. ${sent}.`;
    case 'sending':
      return `Sending: ${sent}. Messages go out a few a second; you may leave this page.`;
    case 'paused':
      return `Paused: ${sent}. No more messages go out until you resume.`;
    case 'done':
      return `Done: ${sent}${send.failed > 0 ? `, ${formatCount(send.failed)} refused by the receiving server` : ''}.`;
    case 'cancelled':
      return `Cancelled: ${sent}; the ${countOf(send.skipped, 'message')} left were not sent.`;
  }
}
