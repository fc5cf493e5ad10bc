import type { CommentRecord } from '@/content/types.gen.ts';
import type { FakeReply, FakeRequest } from './fake-api.ts';

/**
 * A pending top-level comment as GET /api/comments returns it to an administrator; override any field. `hasEmail`
 * follows `authorEmail` unless given (an editor's list has `hasEmail` without the address).
 */
export function aComment(fields: Partial<CommentRecord> = {}): CommentRecord {
  const record: Omit<CommentRecord, 'hasEmail'> = {
    _id: 'c1',
    postId: 'id-seo-that-compounds',
    postTitle: 'SEO that compounds',
    postSlug: 'seo-that-compounds',
    parentId: null,
    status: 'pending',
    authorName: 'Ana Reader',
    authorEmail: 'ana@reader.example',
    byAgency: false,
    text: 'Does this work for a small shop?',
    createdAt: '2026-11-20T09:30:00.000Z',
    replyCount: 0,
    ...fields,
  };
  return { ...record, hasEmail: fields.hasEmail ?? record.authorEmail !== undefined };
}

/**
 * GET /api/comments over a list that the test may change: filtered by status (pending when none) and by words,
 * paged by limit and offset, with the total in X-Total-Count as the server sends it.
 */
export function commentList(comments: () => CommentRecord[]): FakeReply {
  return (request: FakeRequest) => {
    const query = new URL(request.url, 'http://localhost').searchParams;
    const status = query.get('status') ?? 'pending';
    const words = query.get('q')?.toLowerCase();
    const found = comments().filter(
      (comment) =>
        comment.status === status &&
        (!words || `${comment.authorName} ${comment.authorEmail ?? ''} ${comment.text}`.toLowerCase().includes(words)),
    );
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return { body: found.slice(offset, offset + limit), headers: { 'x-total-count': String(found.length) } };
  };
}
