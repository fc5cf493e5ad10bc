import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ContentFormat } from '../store/schema.ts';

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    time: ['datetime'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A page opened in a new tab must not get a handle on ours (reverse tabnabbing).
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** The HTML a browser may show for a post's content: Markdown rendered, then both formats sanitised. */
export function renderContent(content: string, format: ContentFormat): string {
  const html = format === 'markdown' ? marked.parse(content, { async: false, gfm: true }) : content;
  return sanitizeHtml(html, sanitizeOptions);
}
