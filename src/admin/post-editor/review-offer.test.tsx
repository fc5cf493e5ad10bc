import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import type { TeamRole } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const me = (role: TeamRole) => ({ 'GET /api/auth/me': { body: { ...admin, role } } });
const saved = aPost({
  _id: 'p-new',
  title: 'Shop windows',
  status: 'draft',
  publishedAt: null,
  reviewRequestedAt: null,
});
const noPosts = { 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } };

async function writeAndSave() {
  renderAdmin('/admin/blog/new');
  const user = userEvent.setup();
  // The editor's chunk may load cold in the first test.
  await user.type(await screen.findByLabelText('Title', {}, { timeout: 25_000 }), 'Shop windows');
  await user.click(screen.getByRole('textbox', { name: 'Content' }));
  await user.paste('Windows that sell.');
  await user.click(screen.getByRole('button', { name: 'Save post' }));
  return user;
}

describe('right after a contributor saves a draft', { timeout: 45_000 }, () => {
  it('offers "Submit for review" on the dashboard, which submits that draft', async () => {
    const { requests } = fakeApi({
      ...me('contributor'),
      'POST /api/blogs': { status: 201, body: saved },
      'POST /api/blogs/p-new/review': { body: { ...saved, reviewRequestedAt: '2025-04-01T12:00:00.000Z' } },
      ...noPosts,
    });
    const user = await writeAndSave();
    expect(await screen.findByText(/“Shop windows” is saved as a draft/, {}, chunkWait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText(/“Shop windows” is submitted for review/)).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/blogs/p-new/review')).toHaveLength(1);
  });

  it('says in words why the draft was not submitted', async () => {
    fakeApi({
      ...me('contributor'),
      'POST /api/blogs': { status: 201, body: saved },
      'POST /api/blogs/p-new/review': errorReply(409, 'Only a draft can be submitted for review.'),
      ...noPosts,
    });
    const user = await writeAndSave();
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }, chunkWait));
    expect(await screen.findByText(/Not submitted: Only a draft can be submitted/)).toBeInTheDocument();
  });

  it('is not offered to an author, who publishes for themselves', async () => {
    fakeApi({ ...me('author'), 'POST /api/blogs': { status: 201, body: saved }, ...noPosts });
    await writeAndSave();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });
});
