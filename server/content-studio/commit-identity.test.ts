import { describe, expect, it } from 'vitest';
import { commitAuthor, commitMessage, maxMessageLength } from './commit-identity.ts';

describe('a commit’s author', () => {
  it('takes the e-mail from the account, whatever the display name says', () => {
    expect(commitAuthor('Owner Person <owner@northbeam.example>', 'maya@northbeam.example')).toEqual({
      name: 'Owner Person owner@northbeam.example',
      email: 'maya@northbeam.example',
    });
  });

  it('drops control characters and line breaks from the name, which could forge header lines', () => {
    expect(commitAuthor('Maya\nauthor Owner <owner@x.example>\u0000\u0085 Editor', 'maya@x.example').name).toBe(
      'Maya author Owner owner@x.example Editor',
    );
    expect(commitAuthor('Maya\u2028Editor\t', 'maya@x.example').name).toBe('Maya Editor');
  });

  it('falls back on the account’s local part when nothing of the name is left', () => {
    expect(commitAuthor('<>\n', 'maya@northbeam.example')).toEqual({
      name: 'maya',
      email: 'maya@northbeam.example',
    });
  });
});

describe('a commit’s message', () => {
  it('loses trailers that credit or bind a person, wherever they stand', () => {
    const text = [
      'Update the SEO page',
      'Signed-off-by: Owner Person <owner@northbeam.example>',
      '',
      'A longer description.',
      'co-authored-by: Someone <someone@example.com>',
      '  Reviewed-by: Lead <lead@example.com>',
      'More words.',
    ].join('\n');
    expect(commitMessage(text)).toBe('Update the SEO page\n\nA longer description.\nMore words.');
  });

  it('drops a last paragraph of trailer-shaped lines, but never a subject that looks like one', () => {
    expect(commitMessage('Update the page\n\nChange-Id: I1234\nRefs: #42')).toBe('Update the page');
    expect(commitMessage('Update the page\n\nNote: a sentence\nthat goes on')).toBe(
      'Update the page\n\nNote: a sentence\nthat goes on',
    );
    expect(commitMessage('Note: fix a typo on the about page')).toBe('Note: fix a typo on the about page');
  });

  it('drops control characters, makes line breaks \\n and tabs spaces', () => {
    expect(commitMessage('Edit\u0000 the\u001b[31m page\r\n\r\nWith\tdetail\u007f')).toBe(
      'Edit the[31m page\n\nWith detail',
    );
  });

  it('is empty when nothing but trailers was given, so that the suggested message is used', () => {
    expect(commitMessage('Signed-off-by: Owner <owner@northbeam.example>\n\n')).toBe('');
  });

  it('is bounded in length', () => {
    const message = commitMessage(`Edit\n\n${'word '.repeat(2000)}`);
    expect(message).toHaveLength(maxMessageLength);
    expect(message.endsWith('…')).toBe(true);
  });
});
