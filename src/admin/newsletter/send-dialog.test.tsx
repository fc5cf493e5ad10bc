import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import type { BlogPost, NewsletterPreview, TeamRole } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** jsdom has no modal dialogs: open them as a browser would. */
function openDialogsAsBrowsersDo() {
  const original = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    configurable: true,
  });
  onTestFinished(() => {
    if (original) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', original);
    else delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
  });
}

const live = aPost({ _id: 'p7', title: 'Stored title', slug: 'stored-title', updatedAt: '2025-04-01T12:00:00.000Z' });

const preview = (fields: Partial<NewsletterPreview> = {}): NewsletterPreview => ({
  subject: 'Stored title',
  html: '<!doctype html><html><body><h1>Stored title</h1></body></html>',
  text: 'Stored title\n\nRead it on the site: https://northbeam.example/blogs/stored-title',
  activeSubscribers: 1234,
  sendId: null,
  ...fields,
});

function editorApi(routes: Record<string, FakeReply> = {}, post: BlogPost = live, role: TeamRole = 'owner') {
  return fakeApi({
    'GET /api/auth/me': { body: { ...admin, role } },
    'GET /api/authors': { body: [] },
    'GET /api/blogs/p7': { body: post },
    'GET /api/blogs/p7/revisions': { body: [] },
    'GET /api/blogs/p7/newsletter': { body: preview() },
    'GET /api/newsletters/n1': { body: { _id: 'n1', postId: 'p7', status: 'queued', total: 1234, sent: 0 } },
    ...routes,
  });
}

async function openEditor() {
  const view = renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue('Stored title', {}, chunkWait);
  return view;
}

async function openDialog() {
  openDialogsAsBrowsersDo();
  const user = userEvent.setup();
  const view = await openEditor();
  const panel = screen.getByRole('group', { name: 'Newsletter' });
  await user.click(await within(panel).findByRole('button', { name: 'Send to subscribers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send to subscribers' }, chunkWait);
  return { ...view, user, dialog };
}

/** The send to everyone, and the answer to the question that names how many. */
async function confirmSend(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Send to 1,234 subscribers…' }));
  await user.click(within(dialog).getByRole('button', { name: 'Yes, send to 1,234 subscribers' }));
}

const posts = (requests: { method: string; url: string; body: unknown }[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/blogs/p7/newsletter');

const newsletterAsked = (requests: { url: string }[]) => requests.some((request) => request.url.includes('newsletter'));

describe('sending a post to the newsletter from the editor', () => {
  it('previews the e-mail in a sandboxed frame, sends a test to the member, then sends once and opens the send', async () => {
    let release: () => void = () => {};
    const { requests } = editorApi({
      'POST /api/blogs/p7/newsletter': (request) =>
        (request.body as { testTo?: string }).testTo === 'me'
          ? { status: 202, body: { _id: 't1' } }
          : new Promise<FakeReply>((resolve) => {
              release = () => resolve({ status: 202, body: { _id: 'n1' } });
            }),
    });
    const { user, dialog, router } = await openDialog();
    expect(dialog).toHaveTextContent('“Stored title”, as last saved, goes once to the 1,234 subscribers active now.');
    expect(within(dialog).getByText('Subject').nextElementSibling).toHaveTextContent('Stored title');
    const frame = within(dialog).getByTitle('The e-mail, as subscribers see it');
    expect(frame.tagName).toBe('IFRAME');
    // No permission at all: the e-mail's own scripts, forms and links stay inert.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('src', '/api/blogs/p7/newsletter/preview');
    expect(within(dialog).getByText(/Read it on the site/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send a test to me' }));
    expect(await within(dialog).findByText(/A test was sent to admin@northbeam\.example\./)).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([{ testTo: 'me' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Send to 1,234 subscribers…' }));
    const send = within(dialog).getByRole('button', { name: 'Yes, send to 1,234 subscribers' });
    await user.dblClick(send);
    await user.click(send);
    expect(within(dialog).getByText('Starting the send…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/newsletters/n1'));
    expect(posts(requests).map((request) => request.body)).toEqual([{ testTo: 'me' }, {}]);
  });

  it('asks once more, naming how many, by keyboard: "Don’t send yet" sends nothing and keeps the place', async () => {
    const { requests } = editorApi();
    const { user, dialog } = await openDialog();
    const first = within(dialog).getByRole('button', { name: 'Send to 1,234 subscribers…' });
    first.focus();
    await user.keyboard('{Enter}');
    const question = within(dialog).getByRole('group', { name: /Send to 1,234 subscribers\?/ });
    expect(question).toHaveTextContent('a sent newsletter cannot be recalled');
    // The safe answer has the focus: a second Enter sends nothing.
    expect(within(question).getByRole('button', { name: 'Don’t send yet' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const again = await within(dialog).findByRole('button', { name: 'Send to 1,234 subscribers…' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(posts(requests)).toEqual([]);

    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(dialog).getByRole('button', { name: 'Yes, send to 1,234 subscribers' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
  });

  it('shows "Sent to subscribers" with a link to its send instead of the button once the post went out', async () => {
    editorApi({ 'GET /api/blogs/p7/newsletter': { body: preview({ sendId: 'n1' }) } });
    await openEditor();
    const panel = screen.getByRole('group', { name: 'Newsletter' });
    expect(await within(panel).findByText(/Sent to subscribers\./)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See the send’s progress' })).toHaveAttribute(
      'href',
      '/admin/newsletters/n1',
    );
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why there is no button when the newsletter has no active subscriber', async () => {
    editorApi({ 'GET /api/blogs/p7/newsletter': { body: preview({ activeSubscribers: 0 }) } });
    await openEditor();
    const panel = screen.getByRole('group', { name: 'Newsletter' });
    expect(
      await within(panel).findByText(/Nobody to send it to yet: the newsletter has no active/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['a draft', aPost({ ...live, status: 'draft', publishedAt: null }), 'owner' as TeamRole],
    ['an archived post', aPost({ ...live, status: 'archived' }), 'owner' as TeamRole],
    ['an author, whose role lacks newsletter', aPost({ ...live, authorId: admin._id }), 'author' as TeamRole],
    ['a contributor', aPost({ ...live, status: 'draft', authorId: admin._id }), 'contributor' as TeamRole],
  ])('offers nothing for %s, and asks the server nothing', async (_case, post, role) => {
    const { requests } = editorApi({}, post, role);
    await openEditor();
    expect(screen.queryByRole('group', { name: 'Newsletter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to subscribers' })).not.toBeInTheDocument();
    expect(newsletterAsked(requests)).toBe(false);
  });

  it('says a scheduled post can be sent once it is live, without asking the server', async () => {
    const { requests } = editorApi({}, aPost({ ...live, publishedAt: '2999-01-01T09:00:00.000Z' }));
    await openEditor();
    expect(screen.getByRole('group', { name: 'Newsletter' })).toHaveTextContent(
      'Scheduled: it can be sent to subscribers once it is live.',
    );
    expect(newsletterAsked(requests)).toBe(false);
  });

  it('says in words when the newsletter cannot be checked, and checks again on demand', async () => {
    let answer: FakeReply = 'network-error';
    editorApi({ 'GET /api/blogs/p7/newsletter': () => answer });
    const user = userEvent.setup();
    await openEditor();
    const panel = screen.getByRole('group', { name: 'Newsletter' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Checking the newsletter failed. Could not reach the server. Check your connection and try again.',
    );
    answer = { body: preview() };
    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    expect(await within(panel).findByRole('button', { name: 'Send to subscribers' })).toBeInTheDocument();
  });

  it.each([
    ['network-error' as const, 'Sending failed. Could not reach the server. Check your connection and try again.'],
    [errorReply(401, 'Sign in to do this.'), 'Your session has ended, so sending failed. Sign in again'],
    [errorReply(403, 'Forbidden'), 'your role no longer includes sending a published post to the newsletter'],
    [
      errorReply(409, 'This server has no SMTP_URL, so it cannot send e-mail: set SMTP_URL and restart it.'),
      'Sending was refused. This server has no SMTP_URL, so it cannot send e-mail: set SMTP_URL and restart it.',
    ],
    [errorReply(500, 'Internal Server Error'), 'the server had a problem (500). Nothing was sent to subscribers.'],
  ])('says why a send failed (%#), in words, with the dialog still open', async (answer, words) => {
    const { requests } = editorApi({ 'POST /api/blogs/p7/newsletter': answer });
    const { user, dialog, router } = await openDialog();
    await confirmSend(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(words);
    expect(router.state.location.pathname).toBe('/admin/blog/edit/p7');
    expect(posts(requests)).toHaveLength(1);
  });

  it('links to the send when the post was sent already, from another tab or by someone else', async () => {
    let sent = false;
    editorApi({
      'GET /api/blogs/p7/newsletter': () => ({ body: preview({ sendId: sent ? 'n1' : null }) }),
      'POST /api/blogs/p7/newsletter': () => {
        sent = true;
        return errorReply(409, 'This post was sent to subscribers already; a post goes out once. Its send is n1.');
      },
    });
    const { user, dialog } = await openDialog();
    await confirmSend(user, dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Sending was refused. This post was sent to subscribers already');
    expect(await within(alert).findByRole('link', { name: 'See the send’s progress' })).toHaveAttribute(
      'href',
      '/admin/newsletters/n1',
    );
  });

  it('says why a test was not sent', async () => {
    editorApi({
      'POST /api/blogs/p7/newsletter': errorReply(409, 'This server has no SMTP_URL, so it cannot send e-mail.'),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send a test to me' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The test was refused. This server has no SMTP_URL, so it cannot send e-mail.',
    );
  });

  it('closes and gives the focus back to the button', async () => {
    editorApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to subscribers' })).toHaveFocus();
  });
});
