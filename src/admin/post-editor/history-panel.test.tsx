import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const current = aPost({
  _id: 'p7',
  title: 'Current title',
  slug: 'current-title',
  contentFormat: 'markdown',
  content: 'Search is a slow growth system.',
  summary: 'Now',
  status: 'published',
  publishedAt: '2025-04-02T12:00:00.000Z',
  updatedAt: '2025-04-02T12:00:00.000Z',
});
const older = {
  ...current,
  title: 'Older title',
  slug: 'older-title',
  content: 'Search is a fast growth system.',
  summary: 'Then',
  tags: ['seo'],
  status: 'draft' as const,
  publishedAt: null,
};
const revisions = [
  {
    _id: 'r2',
    createdAt: '2025-04-02T12:00:00.000Z',
    author: 'Ada Admin',
    reason: 'save',
    kind: 'published',
    title: 'Current title',
  },
  {
    _id: 'r1',
    createdAt: '2025-04-01T09:30:00.000Z',
    author: 'Bo Writer',
    reason: 'autosave',
    kind: 'autosaved',
    title: 'Older title',
  },
];

async function openEditor() {
  const { requests } = fakeApi({
    ...signedIn,
    'GET /api/blogs/p7': { body: current },
    'GET /api/blogs/p7/revisions': { body: revisions },
    'GET /api/blogs/p7/revisions/r1': {
      body: {
        _id: 'r1',
        postId: 'p7',
        createdAt: revisions[1]!.createdAt,
        author: 'Bo Writer',
        reason: 'autosave',
        kind: 'autosaved',
        title: 'Older title',
        post: older,
      },
    },
    'PUT /api/blogs/p7': { body: current },
    'GET /api/blogs': { body: [] },
  });
  renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue('Current title', {}, chunkWait);
  return { user: userEvent.setup(), requests };
}

const history = () => screen.getByRole('region', { name: 'History' });

describe('History panel', () => {
  it('lists the saved versions with time, author and what each did', async () => {
    await openEditor();
    const entries = await within(history()).findAllByRole('button', { name: /·/ });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Ada Admin · Published');
    expect(entries[1]).toHaveTextContent('Bo Writer · Autosaved');
    expect(entries[1]!.querySelector('time')).toHaveAttribute('dateTime', '2025-04-01T09:30:00.000Z');
  });

  it('shows a chosen version read-only, with a word diff and the changed fields', async () => {
    await openEditor();
    const user = userEvent.setup();
    await user.click(await within(history()).findByRole('button', { name: /Bo Writer/ }));
    expect(within(history()).getByRole('button', { name: /Bo Writer/ })).toHaveAttribute('aria-pressed', 'true');
    const view = await within(history()).findByRole('region', { name: '“Older title”' });
    expect(
      within(view).getByText(/Fields that differ from the editor: Title, Content, Summary, Tags\./),
    ).toBeInTheDocument();
    const removed = view.querySelector('del');
    const added = view.querySelector('ins');
    expect(removed).toHaveTextContent('slow');
    expect(added).toHaveTextContent('fast');
    expect(removed).toHaveTextContent('[removed:');
    expect(screen.getByLabelText('Title')).toHaveValue('Current title');
  });

  it('restores the writing of a version as unsaved changes, not its status, date or slug, then saves it naming the revision', async () => {
    const { requests } = await openEditor();
    const user = userEvent.setup();
    await user.click(await within(history()).findByRole('button', { name: /Bo Writer/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Older title');
    expect(screen.getByLabelText('Content')).toHaveValue('Search is a fast growth system.');
    expect(screen.getByLabelText('Status')).toHaveValue('published');
    expect(screen.getByLabelText('Slug')).toHaveValue('current-title');
    expect(
      screen.getByText(
        /^Restored the writing of the version saved 01 Apr 2025, \d\d:30 by Bo Writer: title, summary, content, tags, categories, cover image, search and sharing fields\. Its status, publication date and slug are unchanged\./,
      ),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait);
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/blogs/p7?reason=restore&revision=r1');
    expect(put?.body).toMatchObject({
      title: 'Older title',
      tags: ['seo'],
      slug: 'current-title',
      status: 'published',
      publishedAt: '2025-04-02T12:00:00.000Z',
      updatedAt: '2025-04-02T12:00:00.000Z',
    });
  });
});
