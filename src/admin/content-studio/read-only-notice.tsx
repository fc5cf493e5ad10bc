import { useContentStatus } from '@/api/content-studio/get-content-status.ts';
import { Alert } from '../ui/alert.tsx';

/** On a deployment that cannot write content: says so, why, and how to turn editing on. */
export function ReadOnlyNotice() {
  const { data } = useContentStatus();
  if (!data || data.writable) return null;
  return (
    <Alert tone="info">
      <p>
        <strong>Read only.</strong> {data.reason ?? 'This deployment cannot save changes to the content.'} You can read
        every page and its history here; to edit, the server needs a git checkout of the content that it may write (see
        “Content studio” in the README), or make the change in <code>content/</code> and deploy it.
      </p>
    </Alert>
  );
}
