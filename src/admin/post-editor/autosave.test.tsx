import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const draft = aPost({
  _id: 'p7',
  title: 'Draft title',
  contentFormat: 'markdown',
  content: 'Some words.',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2025-04-01T12:00:00.000Z',
});

async function openEditor(post: BlogPost, put: Parameters<typeof fakeApi>[0][string] = { body: post }) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = fakeApi({
    ...signedIn,
    'GET /api/blogs/p7': { body: post },
    'GET /api/blogs/p7/revisions': { body: [] },
    'PUT /api/blogs/p7': put,
    'GET /api/blogs': { body: [] },
  });
  renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue(post.title, {}, chunkWait);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...api, user };
}

const puts = <R extends { method: string }>(requests: R[]) => requests.filter((request) => request.method === 'PUT');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('Autosave', () => {
  it('saves a draft a few seconds after typing stops, with reason=autosave, and says when', async () => {
    const { requests, user } = await openEditor(draft, () => ({
      body: { ...draft, title: 'Draft title, more', updatedAt: '2025-04-01T12:05:00.000Z' },
    }));
    await user.type(screen.getByLabelText('Title'), ', more');
    await wait(1000);
    expect(puts(requests)).toHaveLength(0);
    await wait(2500);
    expect(await screen.findByText(/^Saved · \d{2}:\d{2}$/)).toBeInTheDocument();
    const [put] = puts(requests);
    expect(put?.url).toBe('/api/blogs/p7?reason=autosave');
    expect(put?.body).toMatchObject({ title: 'Draft title, more', status: 'draft', updatedAt: draft.updatedAt });

    // The next save is based on the version the autosave made, so it is not refused as someone else's.
    await user.type(screen.getByLabelText('Title'), '!');
    await wait(3500);
    await screen.findByText(/^Saved · \d/);
    expect(puts(requests)[1]?.body).toMatchObject({ updatedAt: '2025-04-01T12:05:00.000Z' });
  });

  it('lets Save wait for an autosave under way, and start from the version it made', async () => {
    let finishAutosave = () => {};
    const { requests, user } = await openEditor(draft, (request) => {
      const version = { ...draft, updatedAt: '2025-04-01T12:05:00.000Z' };
      if (!request.url.includes('autosave')) return { body: version };
      return new Promise((resolve) => {
        finishAutosave = () => resolve({ body: version });
      });
    });
    await user.type(screen.getByLabelText('Title'), ' now');
    await wait(3500);
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(puts(requests)).toHaveLength(1);
    finishAutosave();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait);
    expect(puts(requests)[1]?.url).toBe('/api/blogs/p7');
    expect(puts(requests)[1]?.body).toMatchObject({ updatedAt: '2025-04-01T12:05:00.000Z' });
  });

  it('saves at once when the tab is hidden', async () => {
    const { requests, user } = await openEditor(draft);
    await user.type(screen.getByLabelText('Title'), ' x');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText(/^Saved · \d/);
    expect(puts(requests)).toHaveLength(1);
  });

  it('never autosaves a published post: its edits wait for Save', async () => {
    const { requests, user } = await openEditor({ ...draft, status: 'published', publishedAt: draft.createdAt });
    await user.type(screen.getByLabelText('Title'), ' edited');
    await wait(5000);
    expect(puts(requests)).toHaveLength(0);
    expect(screen.getByLabelText('Title')).toHaveValue('Draft title edited');
  });

  it('says why when an autosave fails, and keeps the text', async () => {
    const { user } = await openEditor(draft, errorReply(409, 'Only drafts are autosaved; press Save to publish.', []));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.type(screen.getByLabelText('Title'), ' kept');
    await wait(3500);
    expect(await screen.findByText('Not saved: Only drafts are autosaved; press Save to publish.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Draft title kept');
  });

  it('tells the writer when another tab has the same post open', async () => {
    await openEditor(draft);
    const other = new BroadcastChannel('northbeam.admin.editing:p7');
    other.postMessage({ type: 'hello', tab: 'other-tab' });
    expect(await screen.findByText(/This post is also open in another tab/)).toBeInTheDocument();
    other.close();
  });
});
