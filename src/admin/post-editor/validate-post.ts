import type { ErrorObject } from 'ajv';
import type { BlogPostInput } from '@/content/types.gen.ts';
import validateBlogPost from '../blog-post-validator.gen.js';
import { fieldLabels, isPostField, type FieldErrors } from './field-labels.ts';
import type { PostField } from './post-form-values.ts';

const patternMessages: Partial<Record<PostField, string>> = {
  title: 'Enter a title.',
  content: 'Enter the content.',
  slug: 'Use only lower-case letters and numbers, with single hyphens between words (for example my-first-post).',
  coverImage: 'Enter an address starting with http:// or https://, or a path on this site starting with /.',
  ogImage: 'Enter an address starting with http:// or https://, or a path on this site starting with /.',
  canonicalUrl: 'Enter a full address starting with http:// or https://, or leave it empty.',
};

/** The schema's rules against control characters (characters that cannot be seen, often pasted from elsewhere). */
const controlCharacterMessages: Record<string, string> = {
  '^[^\\u0000-\\u001F\\u007F]*$': 'Use one line of text, without invisible control characters.',
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$':
    'Remove the invisible control characters (tabs and line breaks are fine).',
};

const itemNames: Partial<Record<PostField, string>> = { tags: 'tag', categories: 'category' };

/** One message per schema failure, in words an editor can act on; the limits come from the schema itself. */
function messageFor(field: PostField, error: ErrorObject): string {
  const label = fieldLabels[field];
  const { limit, pattern } = error.params as { limit?: number; pattern?: string };
  const isItem = /^\/\w+\/\d+$/.test(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return patternMessages[field] ?? `Enter the ${label.toLowerCase()}.`;
    case 'minLength':
    case 'pattern':
      return (
        controlCharacterMessages[pattern ?? ''] ?? patternMessages[field] ?? `${label} is not in the expected form.`
      );
    case 'maxLength':
      return isItem
        ? `Each ${itemNames[field] ?? 'item'} can be at most ${limit} characters long.`
        : `Use at most ${limit} characters.`;
    case 'maxItems':
      return `Use at most ${limit} ${label.toLowerCase()}.`;
    case 'enum':
      return `Choose one of the ${label.toLowerCase()} options.`;
    default:
      return field === 'publishedAt' ? 'Enter a valid date and time.' : `${label} ${error.message ?? 'is not valid'}.`;
  }
}

function fieldOf(error: ErrorObject): string | undefined {
  const { missingProperty } = error.params as { missingProperty?: string };
  return missingProperty ?? error.instancePath.split('/')[1];
}

/** Checks a post with the rules of schemas/blog-post.schema.json, as the server will: one message per field. */
export function validatePost(input: BlogPostInput): FieldErrors {
  if (validateBlogPost(input)) return {};
  const errors: FieldErrors = {};
  for (const error of validateBlogPost.errors ?? []) {
    const field = fieldOf(error);
    if (isPostField(field) && errors[field] === undefined) errors[field] = messageFor(field, error);
  }
  return errors;
}
