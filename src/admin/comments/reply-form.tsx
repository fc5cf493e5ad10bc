import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useReplyToComment } from '@/api/comments/reply-to-comment.ts';
import type { CommentRecord } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { Alert } from '../ui/alert.tsx';
import { describeCommentProblem } from './comment-problem.ts';
import styles from './comments.module.css';

const minReply = 2;
const maxReply = 5000;

interface ReplyFormProps {
  comment: CommentRecord;
  /** The text lives with the comment, so that closing the form or a failure never loses it. */
  text: string;
  onTextChange: (text: string) => void;
  onCancel: () => void;
  onSent: (reply: CommentRecord) => void;
}

/** The agency's answer to a comment, published at once; what was typed stays until the server has it. */
export function ReplyForm({ comment, text, onTextChange, onCancel, onSent }: ReplyFormProps) {
  const id = useId();
  const reply = useReplyToComment();
  const [problem, setProblem] = useState<string>();
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => textarea.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < minReply) {
      setProblem('Write the reply first: it needs at least 2 characters.');
      textarea.current?.focus();
      return;
    }
    if (trimmed.length > maxReply) {
      setProblem(`The reply has ${trimmed.length} characters; shorten it to ${maxReply} or fewer.`);
      textarea.current?.focus();
      return;
    }
    setProblem(undefined);
    reply.mutate(
      { id: comment._id, text: trimmed },
      {
        onSuccess: (sent) => onSent(sent),
        onError: (error) => setProblem(describeCommentProblem(error, 'Sending the reply', 'Your reply is still here.')),
      },
    );
  };

  return (
    <form className={styles.reply} onSubmit={submit} noValidate aria-label={`Reply to ${comment.authorName}`}>
      <label htmlFor={`${id}-text`}>
        Your reply to {comment.authorName}, published at once as {site.brand.name}
      </label>
      <textarea
        ref={textarea}
        id={`${id}-text`}
        rows={4}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !reply.isPending) onCancel();
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <div id={`${id}-problem`}>
          <Alert>
            <p>{problem}</p>
          </Alert>
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={reply.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
