import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const draft = aPost({
  _id: 'p1',
  slug: 'draft-post',
  title: 'A draft in progress',
  status: 'draft',
  summary: null,
  html: '<p>Notes on <em>brand</em> voice for the spring campaign.</p>',
  categories: ['Brand', 'Strategy'],
  tags: ['voice', 'spring'],
});
const published = aPost({ _id: 'p2', slug: 'live-post', title: 'Live and well', coverImage: '/images/live.png' });

function withPosts(posts = [draft, published], extra: Record<string, FakeReply> = {}) {
  return fakeApi({
    ...signedIn,
    'GET /api/blogs': () => ({ body: posts, headers: { 'x-total-count': String(posts.length) } }),
    ...extra,
  });
}

async function cardOf(title: string) {
  const heading = await screen.findByRole('heading', { name: title }, chunkWait);
  return heading.closest('article')!;
}

describe('DashboardPage', () => {
  it('tells an editor which drafts wait for review, with a link to each', async () => {
    const submitted = aPost({
      ...draft,
      _id: 'p3',
      title: 'Ready for a look',
      reviewRequestedAt: '2025-12-01T09:00:00.000Z',
    });
    withPosts([submitted, published]);
    renderAdmin('/admin');
    const notice = (await screen.findByText(/One draft waits for your review/, {}, chunkWait)).closest(
      '[role=status]',
    )!;
    expect(within(notice as HTMLElement).getByRole('link', { name: 'Ready for a look' })).toHaveAttribute(
      'href',
      '/admin/blog/edit/p3',
    );
    expect(within(await cardOf('Ready for a look')).getByText('Waiting for review')).toBeInTheDocument();
  });

  it('says "No blog posts available." when there are none', async () => {
    withPosts([]);
    renderAdmin('/admin');
    expect(await screen.findByText('No blog posts available.', {}, chunkWait)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add post' })).toHaveAttribute('href', '/admin/blog/new');
  });

  it('shows one card per post of every status, with what readers see of it and Edit and Delete', async () => {
    const { requests } = withPosts();
    renderAdmin('/admin');
    const card = await cardOf('A draft in progress');
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    expect(within(card).getByText('Notes on brand voice for the spring campaign.…')).toBeInTheDocument();
    expect(within(card).getByText('Brand · Strategy')).toBeInTheDocument();
    expect(within(card).getByText('#voice')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/blog/edit/p1');
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const live = await cardOf('Live and well');
    expect(within(live).getByText('Published')).toBeInTheDocument();
    expect(live.querySelector('img')).toHaveAttribute('src', '/images/live.png');
    expect(requests.map((request) => request.url)).toContain('/api/blogs?limit=12&offset=0&status=all');
  });

  it('shows the sidebar with the count of pending comments on the Comments entry', async () => {
    withPosts([], {
      'GET /api/comments?status=pending&limit=1': { body: [], headers: { 'x-total-count': '25' } },
    });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, chunkWait);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const comments = within(nav).getByRole('link', { name: /^Comments/ });
    expect(comments).toHaveAttribute('href', '/admin/comments');
    await waitFor(() => expect(comments).toHaveAccessibleName('Comments 25 comments waiting'));
    expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/admin/stats');
  });

  it('keeps the post when the confirmation is dismissed', async () => {
    const { requests } = withPosts();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin('/admin');
    await userEvent.click(within(await cardOf('Live and well')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this blog?');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Live and well' })).toBeInTheDocument();
  });

  it('deletes the post when confirmed and removes its card', async () => {
    let posts = [draft, published];
    const { requests } = fakeApi({
      ...signedIn,
      'GET /api/blogs': () => ({ body: posts, headers: { 'x-total-count': String(posts.length) } }),
      'DELETE /api/blogs/p2': () => {
        posts = [draft];
        return { status: 204 };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin('/admin');
    await userEvent.click(within(await cardOf('Live and well')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Live and well' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('“Live and well” was deleted.');
    expect(screen.getByRole('heading', { name: 'A draft in progress' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/blogs/p2',
    ]);
  });

  it('says in words when deleting fails, and keeps the card', async () => {
    withPosts(undefined, { 'DELETE /api/blogs/p2': errorReply(500, 'Something went wrong on our side.') });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin('/admin');
    const card = await cardOf('Live and well');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The post was not deleted: Something went wrong on our side.',
    );
    expect(logged).toHaveBeenCalledWith('Error deleting blog', expect.any(Error));
  });

  it('pages through posts with links that keep working without JavaScript', async () => {
    const { requests } = fakeApi({
      ...signedIn,
      'GET /api/blogs': { body: [published], headers: { 'x-total-count': '25' } },
    });
    renderAdmin('/admin?page=2');
    await cardOf('Live and well');
    expect(requests.map((request) => request.url)).toContain('/api/blogs?limit=12&offset=12&status=all');
    const pages = screen.getByRole('navigation', { name: 'Dashboard pages' });
    expect(within(pages).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/admin?page=3');
    expect(within(pages).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/admin');
  });
});
