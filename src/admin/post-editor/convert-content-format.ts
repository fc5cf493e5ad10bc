import { marked } from 'marked';
import TurndownService from 'turndown';
import type { PostFormValues } from './post-form-values.ts';

type ContentFormat = PostFormValues['contentFormat'];

const toMarkdown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '*',
  hr: '---',
});

/** The same writing in the other format: switching must never leave raw HTML in the Markdown box, or the reverse. */
export function convertContent(content: string, from: ContentFormat, to: ContentFormat): string {
  if (from === to || content.trim() === '') return content;
  if (to === 'markdown') return toMarkdown.turndown(content);
  return marked.parse(content, { async: false });
}
