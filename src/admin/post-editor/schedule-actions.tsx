import { formatDate } from '../ui/dates.ts';
import { toPostInput, type PostFormValues } from './post-form-values.ts';
import { isScheduledAt } from '@/domain/post-visibility.ts';

/** Whether the form as typed would schedule the post: published, dated later than now. */
export function scheduledFor(values: PostFormValues): string | null {
  const publishedAt = toPostInput(values).publishedAt ?? null;
  return isScheduledAt({ status: values.status, publishedAt }, new Date()) ? publishedAt : null;
}

interface ScheduleNoteProps {
  publishedAt: string;
  onPublishNow: () => void;
}

/** Says when a scheduled post goes out, and offers to publish it at once instead. */
export function ScheduleNote({ publishedAt, onPublishNow }: ScheduleNoteProps) {
  return (
    <>
      <span>Scheduled · {formatDate(publishedAt)}</span>
      <button type="button" className="button button-secondary" onClick={onPublishNow}>
        Publish now
      </button>
    </>
  );
}
