import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import type { NewsletterSend, TeamRole } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

const aSend = (fields: Partial<NewsletterSend> = {}): NewsletterSend => ({
  _id: 'n1',
  postId: 'p7',
  status: 'sending',
  total: 1234,
  sent: 600,
  failed: 12,
  waiting: 610,
  skipped: 12,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...fields,
});

function sendApi(routes: Record<string, FakeReply> = {}, role: TeamRole = 'editor') {
  return fakeApi({
    'GET /api/auth/me': { body: { ...admin, role } },
    'GET /api/blogs/p7': { body: aPost({ _id: 'p7', title: 'Stored title' }) },
    'GET /api/newsletters/n1': { body: aSend() },
    ...routes,
  });
}

async function openSend() {
  const view = renderAdmin('/admin/newsletters/n1');
  await screen.findByRole('heading', { level: 1, name: 'Newsletter: “Stored title”' }, chunkWait);
  return view;
}

const gets = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'GET' && request.url === '/api/newsletters/n1').length;

const posted = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => request.url);

describe('the send’s screen', () => {
  it('says sent, waiting and failed in words and numbers, with a labelled progress bar and the status', async () => {
    sendApi();
    await openSend();
    const bar = await screen.findByRole('progressbar', { name: 'Messages dealt with' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '1234');
    expect(bar).toHaveAttribute('aria-valuenow', '624');
    expect(bar).toHaveAttribute('aria-valuetext', '624 of 1,234 messages dealt with (50%)');
    const figures = screen.getByRole('region', { name: 'Progress' });
    expect(figures).toHaveTextContent('Sent600 accepted by the receiving mail servers');
    expect(figures).toHaveTextContent('Waiting610 still to go');
    expect(figures).toHaveTextContent('Failed12 refused for good');
    // Announced politely: the status when it changes, and how far it has gone a tenth at a time, not at every poll.
    const announced = screen.getAllByRole('status').map((status) => status.textContent);
    expect(announced).toContain('Sending: messages go out a few a second. You may leave this page; the send goes on.');
    expect(announced).toContain('About 50% of the messages dealt with.');
    expect(screen.getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/admin/blog/edit/p7');
  });

  it('asks again while the send is under way, not while the tab is hidden, and stops once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let send = aSend({ status: 'queued', sent: 0, failed: 0, skipped: 0, waiting: 1234 });
    const { requests } = sendApi({ 'GET /api/newsletters/n1': () => ({ body: send }) });
    await openSend();
    expect(await screen.findByText(/^Queued: the first messages go out in a moment\./)).toBeInTheDocument();
    const first = gets(requests);

    send = aSend();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByText(/^Sending: messages go out/)).toBeInTheDocument();
    expect(gets(requests)).toBe(first + 1);

    act(() => focusManager.setFocused(false));
    const hidden = gets(requests);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(gets(requests)).toBe(hidden);
    act(() => focusManager.setFocused(true));

    send = aSend({ status: 'done', sent: 1210, waiting: 0 });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(
      await screen.findByText('Done: every message was dealt with; 12 addresses refused it for good.'),
    ).toBeInTheDocument();
    const done = gets(requests);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(gets(requests)).toBe(done);
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel…' })).not.toBeInTheDocument();
  });

  it('pauses and resumes, saying so', async () => {
    const user = userEvent.setup();
    const { requests } = sendApi({
      'POST /api/newsletters/n1/pause': { body: aSend({ status: 'paused' }) },
      'POST /api/newsletters/n1/resume': { body: aSend({ status: 'sending' }) },
    });
    await openSend();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: no more messages go out until you resume.')).toBeInTheDocument();
    const resume = screen.getByRole('button', { name: 'Resume' });
    expect(resume).toHaveFocus();
    await user.click(resume);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(posted(requests)).toEqual(['/api/newsletters/n1/pause', '/api/newsletters/n1/resume']);
  });

  it('says the send has started only while it runs: paused, it says it is paused and nothing else', async () => {
    const user = userEvent.setup();
    let send = aSend();
    sendApi({
      'GET /api/newsletters/n1': () => ({ body: send }),
      'POST /api/newsletters/n1/pause': () => {
        send = aSend({ status: 'paused' });
        return { body: send };
      },
    });
    const { router } = await openSend();
    // As the editor's dialog opens it, once the send was asked for.
    await act(() => router.navigate('/admin/newsletters/n1', { state: { started: true } }));
    expect(await screen.findByText(/^The send has started: every active subscriber/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: no more messages go out until you resume.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/The send has started/)).not.toBeInTheDocument());
  });

  it('cancels only after a question, then says what was not sent', async () => {
    const user = userEvent.setup();
    const { requests } = sendApi({
      'POST /api/newsletters/n1/cancel': { body: aSend({ status: 'cancelled', waiting: 0, skipped: 622 }) },
    });
    await openSend();
    await user.click(await screen.findByRole('button', { name: 'Cancel…' }));
    const question = screen.getByRole('group', { name: /Cancel this send\?/ });
    expect(question).toHaveTextContent('The 610 messages still waiting will not be sent');
    expect(within(question).getByRole('button', { name: 'Keep sending' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep sending' }));
    expect(posted(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the send' }));
    expect(
      await screen.findByText('Cancelled: 600 messages went out before; the rest were not sent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(posted(requests)).toEqual(['/api/newsletters/n1/cancel']);
  });

  it.each([
    ['network-error' as const, 'Pausing failed. Could not reach the server. Check your connection and try again.'],
    [errorReply(401, 'Sign in to do this.'), 'Your session has ended, so pausing failed. Sign in again'],
    [errorReply(403, 'Forbidden'), 'Pausing failed: your role no longer includes sending a published post'],
    [
      errorReply(409, 'This send is done: only a send in progress can be paused. Reload to see where it stands.'),
      'Pausing was refused. This send is done: only a send in progress can be paused.',
    ],
    [errorReply(503, 'Service Unavailable'), 'Pausing failed: the server had a problem (503).'],
  ])('says why a pause failed (%#), and asks where the send stands', async (answer, words) => {
    const user = userEvent.setup();
    const { requests } = sendApi({ 'POST /api/newsletters/n1/pause': answer });
    await openSend();
    const before = gets(requests);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    await waitFor(() => expect(gets(requests)).toBeGreaterThan(before));
  });

  it.each([
    ['network-error' as const, 'Loading the send failed. Could not reach the server.'],
    [errorReply(404, 'There is no newsletter send n1.'), 'Loading the send failed: There is no newsletter send n1.'],
    [errorReply(500, 'Internal Server Error'), 'Loading the send failed: the server had a problem (500).'],
  ])('says why the send could not be loaded (%#), and tries again on demand', async (answer, words) => {
    const user = userEvent.setup();
    let reply: FakeReply = answer;
    sendApi({ 'GET /api/newsletters/n1': () => reply });
    renderAdmin('/admin/newsletters/n1');
    expect(await screen.findByRole('alert', {}, chunkWait)).toHaveTextContent(words);
    reply = { body: aSend() };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('stays shut to an author, saying which permission is missing, and asks nothing', async () => {
    const { requests } = sendApi({}, 'author');
    renderAdmin('/admin/newsletters/n1');
    expect(
      await screen.findByText(/does not include sending a published post to the newsletter/, {}, chunkWait),
    ).toBeInTheDocument();
    expect(gets(requests)).toBe(0);
  });
});
