import { useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useNewsletterPreview } from '@/api/newsletter/get-newsletter-preview.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { isScheduledAt } from '@/domain/post-visibility.ts';
import type { SendDialogProps } from '../newsletter/send-dialog.tsx';
import { describeSendProblem } from '../newsletter/send-problem.ts';
import { useCan } from '../session/admin-session.ts';

/**
 * The post's newsletter, in the editor: for a live post and a member with the permission `newsletter`, "Send to
 * subscribers" (its dialog arrives with the send's own chunk), or where its send stands, or why there is none.
 */
export function NewsletterPanel({ post }: { post: BlogPost }) {
  const mayLoad = useCan('newsletter');
  const live = post.status === 'published' && !isScheduledAt(post, new Date());
  const preview = useNewsletterPreview(post._id, mayLoad && live);
  const [Dialog, setDialog] = useState<ComponentType<SendDialogProps> | null>(null);
  const [opening, setOpening] = useState(false);
  const [chunkFailed, setChunkFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  if (!mayLoad || post.status !== 'published') return null;

  const open = async () => {
    if (opening) return;
    setOpening(true);
    setChunkFailed(false);
    try {
      const { SendDialog } = await import('../newsletter-pages.ts');
      setDialog(() => SendDialog);
    } catch {
      setChunkFailed(true);
    } finally {
      setOpening(false);
    }
  };
  const close = () => {
    setDialog(null);
    button.current?.focus();
  };

  let body;
  if (!live) {
    body = <p>Scheduled: it can be sent to subscribers once it is live.</p>;
  } else if (preview.isPending) {
    body = <p role="status">Checking the newsletter…</p>;
  } else if (preview.isError) {
    const { message } = describeSendProblem(preview.error, 'Checking the newsletter', 'Nothing was sent.');
    body = (
      <div role="alert">
        <p>{message}</p>
        <button type="button" className="button button-secondary" onClick={() => void preview.refetch()}>
          Check again
        </button>
      </div>
    );
  } else if (preview.data.sendId) {
    body = (
      <p>
        Sent to subscribers. <Link to={`/admin/newsletters/${preview.data.sendId}`}>See the send’s progress</Link>
      </p>
    );
  } else if (preview.data.activeSubscribers === 0) {
    body = (
      <p>
        Nobody to send it to yet: the newsletter has no active subscribers. Readers subscribe at the end of every post
        and on the blog, and become active once they confirm by e-mail.
      </p>
    );
  } else {
    body = (
      <>
        <button
          ref={button}
          type="button"
          className="button button-secondary"
          aria-disabled={opening || undefined}
          onClick={() => void open()}
        >
          Send to subscribers
        </button>
        {opening && <p role="status">Opening…</p>}
        {chunkFailed && (
          <p role="alert">
            The sending screen could not be downloaded. Check your connection, then press Send to subscribers again.
          </p>
        )}
      </>
    );
  }
  return (
    <div role="group" aria-label="Newsletter">
      {body}
      {/* Kept open when the preview changes under it (a refusal as already sent names the send). */}
      {Dialog && preview.data && <Dialog post={post} preview={preview.data} onClose={close} />}
    </div>
  );
}
