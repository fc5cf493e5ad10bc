import type { FastifyInstance } from 'fastify';
import type { BlogPost, BlogPostInput } from '../../src/content/types.gen.ts';
import { asAdmin } from './test-requests.ts';

let counter = 0;

/** A valid post body; each call gets its own slug. */
export function postInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  counter += 1;
  return {
    title: `Post number ${counter}`,
    slug: `post-number-${counter}`,
    content: `<p>Body of post ${counter}.</p>`,
    ...overrides,
  };
}

/** Creates a post through the API as the signed-in admin and returns it. */
export async function createPost(
  app: FastifyInstance,
  cookie: string,
  overrides: Partial<BlogPostInput> = {},
): Promise<BlogPost> {
  const response = await app.inject(
    asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: postInput(overrides) }),
  );
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<BlogPost>();
}
