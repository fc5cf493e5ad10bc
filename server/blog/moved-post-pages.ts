import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { BlogContext } from './blog-context.ts';
import { movedSlug } from './moved-posts.ts';

/**
 * Before a post page renders: an old slug answers 301 to the post's address now, in one hop, and a deleted post's
 * address answers 410 with the not-found page. A current slug has no entry, so this costs one indexed lookup.
 */
export function movedPostPages(
  blog: BlogContext,
  sendGonePage: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    const { slug } = request.params as { slug: string };
    const moved = await movedSlug(blog, slug, false);
    if (moved === undefined) return;
    if ('gone' in moved) {
      await sendGonePage(request, reply.code(410));
      return;
    }
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    await reply.redirect(`/blogs/${encodeURIComponent(moved.redirectTo)}${query}`, 301);
  };
}
