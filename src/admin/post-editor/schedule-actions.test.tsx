import { screen, waitFor } from '@testing-library/react';
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

const nextYear = new Date().getFullYear() + 1;
const later = aPost({
  _id: 'p7',
  title: 'Coming later',
  contentFormat: 'markdown',
  content: 'Soon.',
  publishedAt: `${nextYear}-06-01T09:00:00.000Z`,
});

async function openEditor() {
  const { requests } = fakeApi({
    ...signedIn,
    'GET /api/blogs/p7': { body: later },
    'GET /api/blogs/p7/revisions': { body: [] },
    'PUT /api/blogs/p7': { body: later },
    'GET /api/blogs': { body: [] },
  });
  renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue('Coming later', {}, chunkWait);
  return { user: userEvent.setup(), requests };
}

describe('Scheduling in the editor', () => {
  it('says a future-dated published post is scheduled, and its submit button says Schedule', async () => {
    const { user } = await openEditor();
    expect(screen.getByText(new RegExp(`Scheduled · .*${nextYear}`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(screen.getByRole('button', { name: 'Save post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  });

  it('Publish now saves the post as published from now, and the dashboard says it is live', async () => {
    const { user, requests } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toMatchObject({ status: 'published', publishedAt: null });
    const notice = screen.getByText(/“Coming later” is published: it went live now at/);
    await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
    expect(screen.getByRole('link', { name: `/blogs/${later.slug}` })).toHaveAttribute('href', `/blogs/${later.slug}`);
  });
});
