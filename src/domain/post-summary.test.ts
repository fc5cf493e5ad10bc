// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';
import { fallbackSummary, postSummary } from './post-summary.ts';

describe('postSummary', () => {
  it('uses the post’s own summary when it has one', () => {
    expect(postSummary({ summary: 'A short teaser.', html: '<p>Body</p>' })).toBe('A short teaser.');
  });

  it('falls back to the first 120 characters of the content without HTML, plus an ellipsis', () => {
    const words = 'Search is a growth system tied to revenue. '.repeat(5);
    const summary = postSummary({ summary: null, html: `<h2>Why</h2><p><strong>${words}</strong></p>` });
    expect(summary).toBe(`${`Why ${words}`.slice(0, 120).trimEnd()}…`);
    expect(summary).not.toContain('<');
  });

  it('treats a blank summary as missing', () => {
    expect(postSummary({ summary: '   ', html: '<p>Body text</p>' })).toBe('Body text…');
  });
});

describe('plainText', () => {
  it('keeps words of separate paragraphs apart and decodes entities', () => {
    expect(plainText('<p>Fish&nbsp;&amp;&#32;chips</p><p>&lt;b&gt; &#x2014; done</p>')).toBe('Fish & chips <b> — done');
  });

  it('leaves a numeric entity outside Unicode as written, where the search index once threw', () => {
    expect(plainText('<p>a &#1114112; b &#x0; c</p>')).toBe('a &#1114112; b &#x0; c');
  });

  it('drops comments and leaves unknown entities as written', () => {
    expect(plainText('a<!-- hidden <b> -->b &unknown;')).toBe('ab &unknown;');
  });

  it('removes inline tags without splitting the word they sit in', () => {
    expect(plainText('<p><strong>del</strong>ta and <a href="/x">gam</a><em>ma</em></p>')).toBe('delta and gamma');
  });

  it('turns every block boundary into one space', () => {
    expect(plainText('<h2>Why</h2><p>One</p><ul><li>two</li><li>three</li></ul>line<br>break<hr/>end')).toBe(
      'Why One two three line break end',
    );
  });
});

describe('fallbackSummary', () => {
  it('counts 120 characters of text, after tags are removed and entities decoded', () => {
    const html = `<p><strong>Del</strong>ta &amp; ${'word '.repeat(40)}</p>`;
    const summary = fallbackSummary(html);
    expect(summary).toBe(`${`Delta & ${'word '.repeat(40)}`.slice(0, 120).trimEnd()}…`);
    expect(summary.startsWith('Delta & word')).toBe(true);
  });

  it('ends with an ellipsis even for short content', () => {
    expect(fallbackSummary('<p>Short.</p>')).toBe('Short.…');
  });
});
