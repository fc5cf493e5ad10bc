import type { NewsletterSend } from '@/content/types.gen.ts';

const numberFormat = new Intl.NumberFormat('en-GB');

/** 1234 → "1,234". */
export const formatCount = (value: number) => numberFormat.format(value);

/** "1 subscriber", "1,234 subscribers". */
export const countOf = (value: number, one: string, many = `${one}s`) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/** The messages a send has dealt with, one way or another: what the progress bar counts. */
export const handledOf = (send: NewsletterSend) => send.sent + send.failed + send.skipped;

/** Where a send stands, in a sentence that changes with its status only: the figures say how far it has gone. */
export function statusSentence(send: NewsletterSend): string {
  switch (send.status) {
    case 'queued':
      return 'Queued: the first messages go out in a moment.';
    case 'sending':
      return 'Sending: messages go out a few a second. You may leave this page; the send goes on.';
    case 'paused':
      return 'Paused: no more messages go out until you resume.';
    case 'done':
      return send.failed > 0
        ? `Done: every message was dealt with; ${countOf(send.failed, 'address', 'addresses')} refused it for good.`
        : 'Done: every message was dealt with.';
    case 'cancelled':
      return `Cancelled: ${countOf(send.sent, 'message')} went out before; the rest were not sent.`;
  }
}
