import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/ui/site-router/hooks.ts';
import { postCommentsQueryOptions, sendComment } from '@/api/comments/post-comments.ts';
import type { BlogPost, CommentInput, PublicComment } from '@/content/types.gen.ts';
import { commentCount, commentTextParts } from '@/domain/comment-text.ts';
import { formatLongDate } from '@/ui/format-date.ts';
import {
  FormSummary,
  HiddenFields,
  InputField,
  SentPanel,
  SubmitButton,
  TextAreaField,
} from '@/ui/lead-form/lead-form-parts.tsx';
import { useLeadForm, type LeadFormBehaviour } from '@/ui/lead-form/use-lead-form.ts';
import formStyles from '@/ui/lead-form/lead-form.module.css';
import styles from './post-comments.module.css';

/** A comment's words, with its http(s) addresses as links that pass no credit and no opener; nothing else is markup. */
function CommentText({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>
          {commentTextParts(paragraph).map((part, partIndex) =>
            'href' in part ? (
              <a key={partIndex} href={part.href} rel="ugc nofollow noopener">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}

function Comment({ comment }: { comment: PublicComment }) {
  return (
    <article className={comment.byAgency ? `${styles.comment} ${styles.agency}` : styles.comment}>
      <header className={styles.meta}>
        <strong>{comment.authorName}</strong>
        {comment.byAgency && <span className={styles.badge}>Team</span>}{' '}
        <time dateTime={comment.createdAt}>{formatLongDate(comment.createdAt)}</time>
      </header>
      <CommentText text={comment.text} />
    </article>
  );
}

function CommentForm({ post }: { post: BlogPost }) {
  const queryClient = useQueryClient();
  // A commenter approved before is published at once: the thanks must not say it waits.
  const [published, setPublished] = useState(false);
  const behaviour: LeadFormBehaviour = {
    form: 'comment',
    // The server checks every rule and names each field: the form carries no validator of its own.
    check: async () => [],
    async send({ input }) {
      const sent = await sendComment(post._id, input as unknown as CommentInput);
      setPublished(sent.published);
      if (sent.published) await queryClient.invalidateQueries(postCommentsQueryOptions(post._id));
      return sent;
    },
  };
  const form = useLeadForm(behaviour);
  const headingId = `${form.id}-heading`;
  if (form.status === 'sent') {
    return (
      <SentPanel heading="Thank you for your comment">
        <p>
          {published
            ? 'Your comment is published below.'
            : 'Comments are checked before they appear: yours will show here once it is approved.'}
        </p>
        <button type="button" className="button" onClick={form.reset}>
          Write another comment
        </button>
      </SentPanel>
    );
  }
  return (
    <form
      method="post"
      action={`/api/blogs/${post._id}/comments`}
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      onFocus={form.onFocus}
      aria-labelledby={headingId}
      className={styles.form}
    >
      <h3 id={headingId}>Leave a comment</h3>
      <p className={formStyles.intro}>Comments are checked before they appear.</p>
      <FormSummary form={form} />
      <div className={formStyles.grid}>
        <InputField
          form={form}
          name="name"
          label="Name"
          required
          control={{ autoComplete: 'name', maxLength: 100, required: true }}
        />
        <InputField
          form={form}
          name="email"
          label="E-mail"
          hint="Never shown: only for us to answer you."
          control={{ type: 'email', autoComplete: 'email', maxLength: 254 }}
        />
        <TextAreaField
          form={form}
          name="text"
          label="Comment"
          required
          wide
          control={{ rows: 5, maxLength: 5000, required: true }}
        />
        <HiddenFields form={form} />
        <SubmitButton form={form} label="Send comment" />
      </div>
    </form>
  );
}

/** What a form sent without JavaScript came back to: ?comment=received or published. */
function ArrivalNotice() {
  const [params] = useSearchParams();
  const arrival = params.get('comment');
  if (arrival !== 'received' && arrival !== 'published') return null;
  return (
    <p role="status" className={styles.notice}>
      {arrival === 'published'
        ? 'Thank you for your comment: it is published below.'
        : 'Thank you for your comment: it awaits moderation and will show here once it is approved.'}
    </p>
  );
}

/**
 * A post's comments, in the page's first HTML: conversations oldest first (the newest last), each with its replies
 * one level deep, and the form, or a word that comments are closed.
 */
export function PostComments({ post, comments }: { post: BlogPost; comments: PublicComment[] | undefined }) {
  const threads = comments ?? [];
  const count = commentCount(threads);
  return (
    <section id="comments" aria-labelledby="comments-heading" className={styles.section}>
      <h2 id="comments-heading">{count === 1 ? '1 comment' : `${count} comments`}</h2>
      <ArrivalNotice />
      {threads.length > 0 && (
        <ol className={styles.threads}>
          {threads.map((thread) => (
            <li key={thread._id}>
              <Comment comment={thread} />
              {thread.replies && thread.replies.length > 0 && (
                <ol className={styles.replies} aria-label={`Replies to ${thread.authorName}`}>
                  {thread.replies.map((reply) => (
                    <li key={reply._id}>
                      <Comment comment={reply} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {post.commentsOpen === false ? (
        <p className={styles.closed}>Comments on this post are closed.</p>
      ) : (
        <CommentForm post={post} />
      )}
    </section>
  );
}
