import { useEffect, useRef, useState, type RefObject } from 'react';
import { useModerateComment } from '@/api/comments/moderate-comment.ts';
import { useModerateComments } from '@/api/comments/moderate-comments.ts';
import { useTurnCommentIntoEnquiry } from '@/api/comments/turn-comment-into-enquiry.ts';
import type { CommentRecord, CommentStatus } from '@/content/types.gen.ts';
import { commentElementId, leadLinkId, replyButtonId } from './comment-item.tsx';
import {
  actionDoing,
  actionDone,
  actionStatus,
  countComments,
  statusLabels,
  type ModerationAction,
} from './comment-labels.ts';
import { describeCommentProblem } from './comment-problem.ts';

/** What the live region says after an action, with what can follow it: undoing it, or opening the new lead. */
export interface ModerationNotice {
  message: string;
  undo?: { ids: string[]; status: CommentStatus; what: string };
  leadId?: string;
}

const undoable: readonly ModerationAction[] = ['spam', 'trash'];

/**
 * The queue's moderation: each action calls the API, says what happened (or why it failed) and puts the focus
 * somewhere sensible once the list is fresh: on the comment after the one that left, or on the page's heading.
 */
export function useModeration(comments: CommentRecord[], headingRef: RefObject<HTMLHeadingElement | null>) {
  const moderate = useModerateComment();
  const bulk = useModerateComments();
  const enquire = useTurnCommentIntoEnquiry();
  const [notice, setNotice] = useState<ModerationNotice>();
  const [problem, setProblem] = useState<string>();
  // Element ids to try in turn after the next render; the mutations' callbacks run once the list is refetched.
  const focusNext = useRef<string[] | null>(null);

  useEffect(() => {
    const targets = focusNext.current;
    if (!targets) return;
    focusNext.current = null;
    const target = targets.map((id) => document.getElementById(id)).find((element) => element !== null);
    (target ?? headingRef.current)?.focus();
  });

  /** The comments around those leaving, nearest after first, as focus targets. */
  const around = (leaving: readonly string[]) => {
    const index = comments.findIndex((comment) => leaving.includes(comment._id));
    const staying = (comment: CommentRecord) => !leaving.includes(comment._id);
    const after = comments.slice(index + 1).filter(staying);
    const before = comments.slice(0, Math.max(index, 0)).filter(staying).reverse();
    return [...after, ...before].map((comment) => commentElementId(comment._id));
  };

  const start = () => {
    setProblem(undefined);
    setNotice(undefined);
  };

  const act = (comment: CommentRecord, action: ModerationAction) => {
    start();
    const what = `the comment by ${comment.authorName}`;
    const status = actionStatus[action];
    moderate.mutate(
      { id: comment._id, status },
      {
        onSuccess: () => {
          focusNext.current = around([comment._id]);
          setNotice({
            message: `The comment by ${comment.authorName} was ${actionDone[action]}.`,
            undo: undoable.includes(action) ? { ids: [comment._id], status: comment.status, what } : undefined,
          });
        },
        onError: (error) => setProblem(describeCommentProblem(error, `${actionDoing[action]} ${what}`)),
      },
    );
  };

  const actOnMany = (chosen: CommentRecord[], action: ModerationAction, from: CommentStatus) => {
    start();
    const ids = chosen.map((comment) => comment._id);
    const what = countComments(ids.length);
    bulk.mutate(
      { ids, status: actionStatus[action] },
      {
        onSuccess: ({ changed }) => {
          focusNext.current = around(ids);
          const done = countComments(changed.length);
          // Someone else may have moved some of them already: the sentence counts only those this action changed.
          setNotice({
            message: `${done} ${changed.length === 1 ? 'was' : 'were'} ${actionDone[action]}.`,
            undo:
              undoable.includes(action) && changed.length > 0 ? { ids: changed, status: from, what: done } : undefined,
          });
        },
        onError: (error) =>
          setProblem(describeCommentProblem(error, `${actionDoing[action]} ${what}`, 'Your selection is kept.')),
      },
    );
  };

  const undo = () => {
    const last = notice?.undo;
    if (!last) return;
    start();
    const done = {
      onSuccess: () => {
        focusNext.current = [commentElementId(last.ids[0]!)];
        const verb = last.ids.length === 1 ? 'is' : 'are';
        setNotice({ message: `Undone: ${last.what} ${verb} back in ${statusLabels[last.status]}.` });
      },
      onError: (error: Error) => setProblem(describeCommentProblem(error, `Undoing for ${last.what}`)),
    };
    if (last.ids.length === 1) moderate.mutate({ id: last.ids[0]!, status: last.status }, done);
    else bulk.mutate({ ids: last.ids, status: last.status }, done);
  };

  const turnIntoEnquiry = (comment: CommentRecord) => {
    start();
    enquire.mutate(comment._id, {
      onSuccess: (lead) => {
        focusNext.current = [leadLinkId(comment._id), commentElementId(comment._id)];
        setNotice({ message: `The comment by ${comment.authorName} is now an enquiry.`, leadId: lead.leadId });
      },
      onError: (error) =>
        setProblem(describeCommentProblem(error, `Turning the comment by ${comment.authorName} into an enquiry`)),
    });
  };

  /** A reply is published at once and approves the comment answered, which then leaves the Pending tab. */
  const replied = (comment: CommentRecord) => {
    start();
    focusNext.current = [replyButtonId(comment._id), ...around([comment._id])];
    const approved = comment.status === 'pending' ? ', and the comment is approved' : '';
    setNotice({ message: `Your reply to ${comment.authorName} is published${approved}.` });
  };

  const busy = moderate.isPending || bulk.isPending || enquire.isPending;
  return { notice, problem, busy, act, actOnMany, undo, turnIntoEnquiry, replied };
}
