import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';

interface PostInputSchema {
  properties: { slug: { maxLength: number } };
}

/**
 * The longest path parameter the router accepts: the longest slug a post may have. Fastify's default of 100 made
 * posts with longer (accepted) slugs unreadable at /blogs/{slug}. Every other parameter (ids, tag and category
 * names of at most 60 characters) is shorter.
 */
export function longestPathParameter(): number {
  const path = join(repositoryRoot, 'schemas', 'blog-post.schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as PostInputSchema;
  return schema.properties.slug.maxLength;
}
