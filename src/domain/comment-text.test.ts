// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commentCount, commentTextParts } from './comment-text.ts';

describe('commentTextParts', () => {
  it('links http and https addresses, leaving the sentence’s punctuation out of them', () => {
    expect(commentTextParts('See https://example.com/a?b=1, or http://x.example.')).toEqual([
      { text: 'See ' },
      { href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { text: ', or ' },
      { href: 'http://x.example', text: 'http://x.example' },
      { text: '.' },
    ]);
  });

  it('keeps every other scheme and all markup as text', () => {
    const hostile = '<a href="javascript:alert(1)">x</a> javascript:alert(2) data:text/html,<script>';
    expect(commentTextParts(hostile)).toEqual([{ text: hostile }]);
  });

  it('does not let a quote or an angle bracket end up inside an address', () => {
    expect(commentTextParts('https://a.example/"onmouseover="x')[0]).toEqual({
      href: 'https://a.example/',
      text: 'https://a.example/',
    });
  });
});

describe('commentCount', () => {
  it('counts conversations and their replies', () => {
    expect(commentCount([{ replies: [{}, {}] }, {}, { replies: [] }])).toBe(5);
  });
});
