import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CommentRecord } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { formatTime } from '../ui/dates.ts';
import { mailtoHref } from '../ui/mailto.ts';
import { actionLabels, actionsFor, type ModerationAction } from './comment-labels.ts';
import { ReplyForm } from './reply-form.tsx';
import styles from './comments.module.css';

/** The ids the queue moves focus to once a comment changed or left the list. */
export const commentElementId = (id: string) => `comment-${id}`;
export const replyButtonId = (id: string) => `comment-${id}-reply`;
export const leadLinkId = (id: string) => `comment-${id}-lead`;

interface CommentItemProps {
  comment: CommentRecord;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: ModerationAction) => void;
  onTurnIntoEnquiry: () => void;
  onReplied: (reply: CommentRecord) => void;
  /** A change to this comment is on its way: its buttons wait. */
  busy: boolean;
  seesEmail: boolean;
  seesLeads: boolean;
}

/** One comment of the queue: who wrote what on which post, as plain text, and the actions that fit its state. */
export function CommentItem(props: CommentItemProps) {
  const { comment, selected, onSelect, onAction, onTurnIntoEnquiry, onReplied, busy, seesEmail, seesLeads } = props;
  const [replying, setReplying] = useState(false);
  const [replyText, setReplyText] = useState('');
  const headingId = `${commentElementId(comment._id)}-heading`;
  // The agency's replies are signed with its name: said once, not twice.
  const author =
    comment.byAgency && comment.authorName !== site.brand.name
      ? `${comment.authorName} (${site.brand.name})`
      : comment.authorName;
  const canReply =
    comment.parentId === null && !comment.byAgency && comment.status !== 'spam' && comment.status !== 'trash';
  const canEnquire =
    !comment.byAgency &&
    !comment.leadId &&
    comment.hasEmail &&
    (comment.status === 'pending' || comment.status === 'approved');
  const closeReply = () => {
    setReplying(false);
    document.getElementById(replyButtonId(comment._id))?.focus();
  };

  return (
    <article
      id={commentElementId(comment._id)}
      className={styles.comment}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-selected={selected || undefined}
    >
      <div className={styles.select}>
        <input
          type="checkbox"
          id={`${commentElementId(comment._id)}-select`}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <label htmlFor={`${commentElementId(comment._id)}-select`}>
          <span className="visually-hidden">Select the comment by {comment.authorName}</span>
        </label>
      </div>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.author}>
          {comment.parentId ? `Reply by ${author}` : author}
        </h2>
        <p className={styles.meta}>
          {seesEmail && comment.authorEmail && (
            <>
              <a href={mailtoHref(comment.authorEmail)}>{comment.authorEmail}</a>
              {' · '}
            </>
          )}
          <time dateTime={comment.createdAt}>{formatTime(comment.createdAt)}</time>
          {' · on '}
          <Link to={`/blogs/${comment.postSlug}`}>{comment.postTitle}</Link>
          {' · '}
          <Link
            to={`/admin/blog/edit/${encodeURIComponent(comment.postId)}`}
            aria-label={`Edit the post “${comment.postTitle}”`}
          >
            edit the post
          </Link>
        </p>
        {comment.spamReason && <p className={styles.meta}>Held as spam: {comment.spamReason}</p>}
        <p className={styles.text}>{comment.text}</p>
        {comment.replyCount > 0 && (
          <p className={styles.meta}>{comment.replyCount === 1 ? '1 reply' : `${comment.replyCount} replies`}</p>
        )}
        {comment.leadId && (
          <p className={styles.meta}>
            Turned into an enquiry
            {seesLeads && (
              <>
                {': '}
                <Link id={leadLinkId(comment._id)} to={`/admin/inbox/${encodeURIComponent(comment.leadId)}`}>
                  open the lead in the Inbox
                </Link>
              </>
            )}
            .
          </p>
        )}
        <div className={styles.actions}>
          {actionsFor[comment.status].map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'approve' ? 'button' : 'button button-secondary'}
              onClick={() => onAction(action)}
              disabled={busy}
            >
              {actionLabels[action]}
            </button>
          ))}
          {canReply && (
            <button
              type="button"
              id={replyButtonId(comment._id)}
              className="button button-secondary"
              aria-expanded={replying}
              onClick={() => (replying ? closeReply() : setReplying(true))}
              disabled={busy}
            >
              Reply
            </button>
          )}
          {canEnquire && (
            <button type="button" className="button button-secondary" onClick={onTurnIntoEnquiry} disabled={busy}>
              Turn into an enquiry
            </button>
          )}
        </div>
        {replying && (
          <ReplyForm
            comment={comment}
            text={replyText}
            onTextChange={setReplyText}
            onCancel={closeReply}
            onSent={(reply) => {
              setReplyText('');
              setReplying(false);
              onReplied(reply);
            }}
          />
        )}
      </div>
    </article>
  );
}
