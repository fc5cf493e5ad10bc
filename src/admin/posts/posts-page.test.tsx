import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PostsPage', () => {
  it('lists posts in a table and finds them by words and status', async () => {
    const { requests } = fakeApi({
      ...signedIn,
      'GET /api/blogs': ({ url }) => ({
        body: url.includes('status=draft')
          ? [aPost({ _id: 'd', title: 'Only drafts', status: 'draft' })]
          : [aPost({ _id: 'p' })],
        headers: { 'x-total-count': '1' },
      }),
    });
    renderAdmin('/admin/posts');
    const row = (await screen.findByRole('link', { name: 'SEO that compounds' }, chunkWait)).closest('tr')!;
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'SEO that compounds' })).toHaveAttribute('href', '/admin/blog/edit/p');

    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Draft', 'Scheduled', 'Published', 'Archived']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Words in the title or summary'), 'growth');
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Show posts' }));
    expect(await screen.findByRole('link', { name: 'Only drafts' })).toBeInTheDocument();
    expect(requests.at(-1)?.url).toBe('/api/blogs?limit=20&offset=0&status=draft&q=growth');
  });
});
