import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CommentInput, CommentRecord, PublicComment } from '../../src/content/types.gen.ts';
import { asAdmin, sameOrigin, type TestClock } from './test-requests.ts';

/** A comment form's token as the page gets it, made old enough (5 s) to pass the time trap. */
export async function commentToken(app: FastifyInstance, clock: TestClock): Promise<string> {
  const response = await app.inject({ url: '/api/form-token?form=comment' });
  clock.advance(5000);
  return response.json<{ token: string }>().token;
}

export const commentInput = (more: Partial<CommentInput> = {}): CommentInput => ({
  name: 'Ola Nordmann',
  email: 'ola@example.com',
  text: 'Thanks, this helped us fix our opening hours on the map.',
  ...more,
});

/** A reader's comment sent by the post page's script, from `address`. */
export const postComment = (postId: string, body: object, address = '203.0.113.7'): InjectOptions => ({
  method: 'POST',
  url: `/api/blogs/${postId}/comments`,
  headers: { ...sameOrigin, accept: 'application/json' },
  payload: body,
  remoteAddress: address,
});

/** The comment form sent by a browser without JavaScript. */
export const postCommentForm = (
  postId: string,
  fields: Record<string, string>,
  address = '203.0.113.7',
): InjectOptions => ({
  method: 'POST',
  url: `/api/blogs/${postId}/comments`,
  headers: {
    ...sameOrigin,
    accept: 'text/html,application/xhtml+xml',
    'content-type': 'application/x-www-form-urlencoded',
  },
  payload: new URLSearchParams(fields).toString(),
  remoteAddress: address,
});

/** Sends a comment with a fresh token; its id. */
export async function sendComment(
  app: FastifyInstance,
  clock: TestClock,
  postId: string,
  more: Partial<CommentInput> = {},
  address?: string,
): Promise<{ id: string; published: boolean }> {
  const response = await app.inject(
    postComment(postId, commentInput({ formToken: await commentToken(app, clock), ...more }), address),
  );
  if (response.statusCode !== 201) throw new Error(`comment refused: ${response.statusCode} ${response.body}`);
  const { _id, published } = response.json<{ _id: string; published: boolean }>();
  return { id: _id, published };
}

export async function moderate(app: FastifyInstance, cookie: string, id: string, status: string) {
  return app.inject(asAdmin(cookie, { method: 'PATCH', url: `/api/comments/${id}`, payload: { status } }));
}

export async function queue(app: FastifyInstance, cookie: string, query = ''): Promise<CommentRecord[]> {
  const response = await app.inject(asAdmin(cookie, { url: `/api/comments${query}` }));
  if (response.statusCode !== 200) throw new Error(`queue refused: ${response.statusCode} ${response.body}`);
  return response.json<CommentRecord[]>();
}

export async function publicThreads(app: FastifyInstance, postId: string): Promise<PublicComment[]> {
  const response = await app.inject({ url: `/api/blogs/${postId}/comments` });
  if (response.statusCode !== 200) throw new Error(`comments refused: ${response.statusCode} ${response.body}`);
  return response.json<PublicComment[]>();
}
