import type { Kysely } from 'kysely';
import { findPostById } from '../blog/index.ts';
import type { Database } from '../store/schema.ts';

const fields = new Set(['name', 'email', 'text', 'parentId', 'formToken', 'website']);
const optional = new Set(['email', 'parentId', 'formToken', 'website']);

/**
 * A comment form's fields as the API's input: empty optional fields left out (a plain form sends every field); what
 * remains is checked by the same schema as JSON. `values` is what was typed, to show it again with the problems.
 */
export function commentFormFields(form: URLSearchParams): {
  input: Record<string, string>;
  values: Record<string, string>;
} {
  const input: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    // The page the form is on: the post's own address is known from its id.
    if (name === 'returnTo') continue;
    if (!fields.has(name)) {
      // An unknown field is refused by the schema, as in JSON.
      input[name] = value;
      continue;
    }
    if (name !== 'formToken' && name !== 'website') values[name] = value;
    if (value === '' && optional.has(name)) continue;
    input[name] = value;
  }
  return { input, values };
}

/** The post's page, where its comments are: null when the post does not exist. */
export async function commentPagePath(db: Kysely<Database>, postId: string): Promise<string | null> {
  const post = await findPostById(db, postId);
  return post ? `/blogs/${post.slug}` : null;
}
