import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const stored = aPost({
  _id: 'p7',
  title: 'Stored title',
  slug: 'stored-title',
  content: '# Heading',
  contentFormat: 'markdown',
  summary: 'Stored summary',
  tags: ['seo', 'growth'],
  categories: ['Marketing'],
  status: 'published',
  updatedAt: '2025-04-01T12:00:00.000Z',
});

async function openEditor() {
  renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue('Stored title', {}, chunkWait);
  return userEvent.setup();
}

describe('EditPostPage', () => {
  it('loads the post by id into the fields, with archiving allowed', async () => {
    const { requests } = fakeApi({ ...signedIn, 'GET /api/blogs/p7': { body: stored } });
    await openEditor();
    expect(requests.map((request) => request.url)).toContain('/api/blogs/p7');
    expect(screen.getByLabelText('Slug')).toHaveValue('stored-title');
    expect(screen.getByLabelText('Content')).toHaveValue('# Heading');
    expect(screen.getByLabelText('Content format')).toHaveValue('markdown');
    expect(screen.getByLabelText('Summary')).toHaveValue('Stored summary');
    expect(screen.getByLabelText('Tags')).toHaveValue('seo, growth');
    expect(screen.getByLabelText('Categories')).toHaveValue('Marketing');
    expect(screen.getByLabelText('Published at')).not.toHaveValue('');
    const status = screen.getByLabelText('Status');
    expect(status).toHaveValue('published');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft', 'Published', 'Archived']);
  });

  it('keeps the slug when the title changes, and sends the version it read', async () => {
    const { requests } = fakeApi({
      ...signedIn,
      'GET /api/blogs/p7': { body: stored },
      'GET /api/blogs/p7/revisions': { body: [] },
      'PUT /api/blogs/p7': { body: { ...stored, title: 'Stored title, revised' } },
      'GET /api/blogs': { body: [] },
    });
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ', revised');
    expect(screen.getByLabelText('Slug')).toHaveValue('stored-title');
    await user.clear(screen.getByLabelText('Tags'));
    await user.type(screen.getByLabelText('Tags'), 'seo ,  ads');
    await user.selectOptions(screen.getByLabelText('Status'), 'archived');
    await user.click(screen.getByRole('button', { name: 'Save post' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      title: 'Stored title, revised',
      slug: 'stored-title',
      tags: ['seo', 'ads'],
      status: 'archived',
      updatedAt: '2025-04-01T12:00:00.000Z',
      publishedAt: stored.publishedAt,
    });
  });

  it('says when someone else changed the post meanwhile, and can load their version', async () => {
    let version = stored;
    fakeApi({
      ...signedIn,
      'GET /api/blogs/p7': () => ({ body: version }),
      'GET /api/blogs/p7/revisions': { body: [] },
      'GET /api/blogs/p7/newsletter': {
        body: { subject: 'Stored title', html: '', text: '', activeSubscribers: 0, sendId: null },
      },
      'PUT /api/blogs/p7': () => {
        version = { ...stored, title: 'Their title', updatedAt: '2025-04-02T08:00:00.000Z' };
        return errorReply(
          409,
          'Someone else changed this post after you opened it. Reload it and apply your changes again.',
          [{ path: '/updatedAt', message: 'is older than the stored version' }],
        );
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' (mine)');
    await user.click(screen.getByRole('button', { name: 'Save post' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this post after you opened it.');
    expect(screen.getByLabelText('Title')).toHaveValue('Stored title (mine)');
    await user.click(screen.getByRole('button', { name: 'Discard my changes and load the latest version' }));
    expect(await screen.findByDisplayValue('Their title')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the post does not exist', async () => {
    fakeApi({ ...signedIn, 'GET /api/blogs/p7': errorReply(404, 'No blog post has this id.') });
    renderAdmin('/admin/blog/edit/p7');
    expect(
      await screen.findByText('There is no post with this address. It may have been deleted.', {}, chunkWait),
    ).toBeInTheDocument();
  });
});
