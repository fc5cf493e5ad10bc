import { describe, expect, it } from 'vitest';
import { renderContent } from './render-content.ts';

describe('renderContent', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<form action="https://evil.example"><input name="q"></form>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ])('removes anything that could run script: %s', (payload) => {
    const html = renderContent(payload, 'html');
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|<input|style=|data:/i);
  });

  it('keeps ordinary article markup', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>emphasis</em> and <a href="https://example.com" title="x">a link</a>.</p>' +
      '<ul><li>one</li></ul><blockquote>quote</blockquote><img src="/images/a.svg" alt="A" width="10" height="10" loading="lazy" />';
    expect(renderContent(html, 'html')).toBe(html);
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(renderContent('<a href="https://example.com" target="_blank">x</a>', 'html')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('renders Markdown, code classes included, and sanitises the result', () => {
    const html = renderContent('# Hello\n\n```js\nlet a = 1;\n```\n\n<img src=x onerror=alert(1)>', 'markdown');
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<code class="language-js">');
    expect(html).not.toContain('onerror');
  });
});
