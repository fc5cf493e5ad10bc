import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const htmlPost = aPost({
  _id: 'p9',
  title: 'Written as HTML',
  contentFormat: 'html',
  content:
    '<h2>Why it works</h2><p>Some <strong>bold</strong> words and <a href="/contact">a link</a>.</p><ul><li><p>one</p></li></ul>',
});

describe('switching the content format', () => {
  it('converts an HTML post to Markdown instead of dropping raw HTML into the Markdown box, and says so', async () => {
    fakeApi({ ...signedIn, 'GET /api/blogs/p9': { body: htmlPost }, 'GET /api/blogs/p9/revisions': { body: [] } });
    renderAdmin('/admin/blog/edit/p9');
    await screen.findByDisplayValue('Written as HTML', {}, chunkWait);
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Content format'), 'markdown');
    expect(screen.getByLabelText('Content')).toHaveValue(
      '## Why it works\n\nSome **bold** words and [a link](/contact).\n\n-   one',
    );
    expect(screen.getByLabelText('Content format')).toHaveAccessibleDescription(
      'The content was converted from HTML to Markdown: check its headings, links and images.',
    );
  });
});
