import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aComment, commentList } from '@/api/testing/comments.ts';
import { site } from '@/content/site.ts';
import { errorReply, fakeApi, type FakeReply, type FakeRequest } from '@/api/testing/fake-api.ts';
import type { CommentRecord } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ana = aComment();
const ben = aComment({
  _id: 'c2',
  authorName: 'Ben Buyer',
  authorEmail: 'ben@buyer.example',
  text: 'What would a plan like this cost us?',
});
const cleo = aComment({ _id: 'c3', authorName: 'Cleo Critic', authorEmail: undefined, text: 'Nice read.' });
const spam = aComment({
  _id: 'c4',
  status: 'spam',
  authorName: 'Cheap Pills',
  text: 'Buy now at pills.example',
  spamReason: 'The honeypot was filled in.',
});
const trashed = aComment({ _id: 'c5', status: 'trash', authorName: 'Old News', text: 'Gone but kept.' });

/** A server holding `comments`, whose PATCH and bulk routes really change their status, as the API does. */
function withComments(
  comments: CommentRecord[] = [ana, ben, cleo, spam, trashed],
  extra: Record<string, FakeReply> = {},
) {
  let current = comments.map((comment) => ({ ...comment }));
  const setStatus = (ids: string[], status: CommentRecord['status']) => {
    current = current.map((comment) => (ids.includes(comment._id) ? { ...comment, status } : comment));
  };
  const patch = (request: FakeRequest) => {
    const id = decodeURIComponent(request.url.split('/').pop()!);
    const { status } = request.body as { status: CommentRecord['status'] };
    setStatus([id], status);
    return { body: current.find((comment) => comment._id === id) };
  };
  const api = fakeApi({
    ...signedIn,
    'GET /api/comments': commentList(() => current),
    ...Object.fromEntries(current.map((comment) => [`PATCH /api/comments/${comment._id}`, patch])),
    'POST /api/comments/bulk': (request) => {
      const { ids, status } = request.body as { ids: string[]; status: CommentRecord['status'] };
      setStatus(ids, status);
      return { body: { changed: ids } };
    },
    ...extra,
  });
  return {
    ...api,
    writes: () => api.requests.filter((request) => request.method !== 'GET'),
    change: (id: string, fields: Partial<CommentRecord>) => {
      current = current.map((comment) => (comment._id === id ? { ...comment, ...fields } : comment));
    },
  };
}

async function commentBy(name: string) {
  return (await screen.findByRole('article', { name }, chunkWait)) as HTMLElement;
}

const sidebarLink = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin' }, chunkWait)).findByRole('link', {
    name: /^Comments/,
  });

describe('the Comments entry of the sidebar', () => {
  it('opens the queue and counts the pending comments for screen readers too', async () => {
    withComments();
    renderAdmin('/admin/comments');
    const link = await sidebarLink();
    expect(link).toHaveAttribute('href', '/admin/comments');
    await waitFor(() => expect(link).toHaveAccessibleName('Comments 3 comments waiting'));
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('shows no badge when nothing waits, and says "1 comment waiting" for one', async () => {
    const { change } = withComments([ana]);
    const { queryClient } = renderAdmin('/admin/comments?status=approved');
    const link = await sidebarLink();
    await waitFor(() => expect(link).toHaveAccessibleName('Comments 1 comment waiting'));
    change('c1', { status: 'approved' });
    await queryClient.invalidateQueries();
    await waitFor(() => expect(link).toHaveAccessibleName('Comments'));
  });

  it('is there for an editor and not for an author, who is told why the queue stays shut', async () => {
    withComments([], { 'GET /api/auth/me': { body: { ...admin, role: 'editor' } } });
    renderAdmin('/admin/comments');
    expect(await sidebarLink()).toBeInTheDocument();
    expect(await screen.findByText('No comment waits for moderation.', {}, chunkWait)).toBeInTheDocument();
  });

  it('is hidden from an author', async () => {
    const { requests } = withComments([], { 'GET /api/auth/me': { body: { ...admin, role: 'author' } } });
    renderAdmin('/admin/comments');
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, chunkWait);
    expect(within(nav).queryByRole('link', { name: /Comments/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/Your role \(author\) does not include moderating comments/)).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('/api/comments'))).toBe(false);
  });
});

describe('CommentsPage', () => {
  it('lists the pending comments with author, e-mail, post links, date and the text as plain text', async () => {
    const hostile = aComment({
      _id: 'c9',
      authorName: '<b>Eve</b>',
      // Stored before addresses were checked strictly: the link must not read it as a copy and a body.
      authorEmail: 'a?cc=spy%40evil.example&body=hi@example.com',
      text: '<script>alert(1)</script><a href="javascript:alert(2)">win</a>',
    });
    withComments([ana, hostile]);
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    expect(within(item).getByRole('link', { name: 'ana@reader.example' })).toHaveAttribute(
      'href',
      'mailto:ana@reader.example',
    );
    expect(within(item).getByRole('link', { name: 'SEO that compounds' })).toHaveAttribute(
      'href',
      '/blogs/seo-that-compounds',
    );
    expect(within(item).getByRole('link', { name: 'Edit the post “SEO that compounds”' })).toHaveAttribute(
      'href',
      '/admin/blog/edit/id-seo-that-compounds',
    );
    expect(within(item).getByText('20 Nov 2026, 09:30')).toBeInTheDocument();
    const evil = await commentBy('<b>Eve</b>');
    expect(
      within(evil).getByText('<script>alert(1)</script><a href="javascript:alert(2)">win</a>'),
    ).toBeInTheDocument();
    expect(evil.querySelector('script, b, a[href^="javascript"]')).toBeNull();
    expect(within(evil).getByRole('link', { name: /^a\?cc=/ })).toHaveAttribute(
      'href',
      'mailto:a%3Fcc=spy%2540evil.example%26body=hi@example.com',
    );
    expect(screen.getByText('2 comments, newest first.')).toBeInTheDocument();
  });

  it('names an agency reply by the agency once, and a teammate’s reply with the agency beside the name', async () => {
    const reply = { parentId: 'c1', byAgency: true, status: 'approved' as const, authorEmail: undefined };
    const byBrand = aComment({ ...reply, _id: 'r1', authorName: site.brand.name });
    const byTeammate = aComment({ ...reply, _id: 'r2', authorName: 'Asha Rao' });
    withComments([byBrand, byTeammate]);
    renderAdmin('/admin/comments?status=approved');
    expect(await screen.findByRole('heading', { name: `Reply by ${site.brand.name}` }, chunkWait)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Reply by Asha Rao (${site.brand.name})` })).toBeInTheDocument();
  });

  it('shows an editor no e-mail address, as the server sends none, but lets them make an enquiry', async () => {
    // The server leaves the address out for roles without `leads` and says only that there is one.
    const withoutAddress = { ...ana, authorEmail: undefined, hasEmail: true };
    withComments([withoutAddress], { 'GET /api/auth/me': { body: { ...admin, role: 'editor' } } });
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    expect(within(item).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Turn into an enquiry' })).toBeInTheDocument();
    expect(screen.getByText('Words in names or texts')).toBeInTheDocument();
  });

  it('asks for the status of the tab chosen, marks it current and counts each tab', async () => {
    const { requests } = withComments();
    renderAdmin('/admin/comments');
    const tabs = await screen.findByRole('navigation', { name: 'Comments by status' }, chunkWait);
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Pending (3)' })).toHaveAttribute('aria-current', 'page'),
    );
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Spam (1)' })).toBeInTheDocument());
    await userEvent.click(within(tabs).getByRole('link', { name: 'Spam (1)' }));
    const item = await commentBy('Cheap Pills');
    expect(within(item).getByText('Held as spam: The honeypot was filled in.')).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Spam (1)' })).toHaveAttribute('aria-current', 'page');
    expect(requests.map((request) => request.url)).toContain('/api/comments?status=spam&limit=20&offset=0');
    expect(screen.queryByRole('article', { name: 'Ana Reader' })).not.toBeInTheDocument();
  });

  it('offers the first page when a later page has nothing left on it', async () => {
    withComments([ana]);
    renderAdmin('/admin/comments?page=2');
    expect(await screen.findByText(/Nothing is left on this page/, {}, chunkWait)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the first page' }));
    expect(await commentBy('Ana Reader')).toBeInTheDocument();
  });

  it('searches within the tab, keeping the search when the tab changes', async () => {
    const { requests } = withComments();
    renderAdmin('/admin/comments');
    await commentBy('Ana Reader');
    await userEvent.type(screen.getByRole('searchbox', { name: /Words in names/ }), 'cost{Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana Reader' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Ben Buyer' })).toBeInTheDocument();
    expect(screen.getByText('1 comment match, newest first.')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/comments?status=pending&q=cost&limit=20&offset=0');
    expect(screen.getByRole('link', { name: /^Approved/ })).toHaveAttribute(
      'href',
      '/admin/comments?status=approved&q=cost',
    );
  });

  it.each([
    ['Approve', 'approved', 'The comment by Ana Reader was approved.'],
    ['Spam', 'spam', 'The comment by Ana Reader was marked as spam.'],
    ['Trash', 'trash', 'The comment by Ana Reader was moved to the trash.'],
  ])('%s sends the status %s, says so and moves the focus to the next comment', async (button, status, said) => {
    const { writes } = withComments();
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ana Reader')).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana Reader' })).not.toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/comments/c1', body: { status } }]);
    expect(screen.getByText(said).closest('[role=status]')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ben Buyer' })).toHaveFocus();
    await waitFor(async () => expect(await sidebarLink()).toHaveAccessibleName('Comments 2 comments waiting'));
  });

  it('restores a comment from the trash to Pending, then focuses the heading when the tab is empty', async () => {
    const { writes } = withComments();
    renderAdmin('/admin/comments?status=trash');
    const item = await commentBy('Old News');
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/comments/c5', body: { status: 'pending' } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Comments' })).toHaveFocus();
  });

  it('undoes marking as spam', async () => {
    const { writes } = withComments();
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ben Buyer')).getByRole('button', { name: 'Spam' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: the comment by Ben Buyer is back in Pending.')).toBeInTheDocument();
    expect(writes().map((request) => request.body)).toEqual([{ status: 'spam' }, { status: 'pending' }]);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Ben Buyer' })).toHaveFocus());
  });

  it('says in words why an action failed, and leaves the comment where it was', async () => {
    withComments(undefined, { 'PATCH /api/comments/c1': 'network-error' });
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ana Reader')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Approving the comment by Ana Reader failed. Could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByRole('article', { name: 'Ana Reader' })).toBeInTheDocument();
  });

  it('acts on the selected comments at once, and on all shown with select-all', async () => {
    const { writes } = withComments();
    renderAdmin('/admin/comments');
    await userEvent.click(
      within(await commentBy('Ana Reader')).getByRole('checkbox', { name: 'Select the comment by Ana Reader' }),
    );
    await userEvent.click(
      within(await commentBy('Cleo Critic')).getByRole('checkbox', { name: 'Select the comment by Cleo Critic' }),
    );
    const bar = screen.getByRole('group', { name: 'Selected comments' });
    expect(within(bar).getByText('2 comments selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Approve the selected comments' }));
    expect(await screen.findByText('2 comments were approved.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/comments/bulk', body: { ids: ['c1', 'c3'], status: 'approved' } },
    ]);
    expect(screen.getByRole('article', { name: 'Ben Buyer' })).toHaveFocus();

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Selected comments' })).getByRole('checkbox', {
        name: 'Select all 1 shown',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Trash the selected comments' }));
    expect(await screen.findByText('No comment waits for moderation.')).toBeInTheDocument();
    expect(writes()[1]).toEqual({ method: 'POST', url: '/api/comments/bulk', body: { ids: ['c2'], status: 'trash' } });
  });

  it('keeps the selection and says why when a bulk action fails', async () => {
    withComments(undefined, {
      'POST /api/comments/bulk': errorReply(
        403,
        'Your role (author) does not have the permission "comments": moderating comments.',
      ),
    });
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ana Reader')).getByRole('checkbox', { name: /Select the comment/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Spam the selected comments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Marking as spam 1 comment failed: Your role (author) does not have the permission "comments": moderating comments. Your selection is kept.',
    );
    expect(screen.getByRole('checkbox', { name: 'Select the comment by Ana Reader' })).toBeChecked();
  });
});

describe('replying as the agency', () => {
  it('sends the reply, says the comment is approved with it, and closes the form', async () => {
    const { writes, change } = withComments([ana, ben], {
      'POST /api/comments/c1/replies': () => {
        change('c1', { status: 'approved', replyCount: 1 });
        return {
          status: 201,
          body: aComment({ _id: 'r1', parentId: 'c1', byAgency: true, status: 'approved', text: 'Yes, it does.' }),
        };
      },
    });
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    await userEvent.click(within(item).getByRole('button', { name: 'Reply' }));
    const box = within(item).getByRole('textbox', { name: /Your reply to Ana Reader/ });
    expect(box).toHaveFocus();
    await userEvent.type(box, 'Yes, it does.');
    await userEvent.click(within(item).getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText('Your reply to Ana Reader is published, and the comment is approved.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/comments/c1/replies', body: { text: 'Yes, it does.' } }]);
    expect(screen.getByRole('article', { name: 'Ben Buyer' })).toHaveFocus();
  });

  it.each([
    ['a network failure', 'network-error' as const, 'Sending the reply failed. Could not reach the server.'],
    [
      'a conflict',
      errorReply(409, 'This comment is a reply: answer the comment it replies to.'),
      'Sending the reply failed: This comment is a reply: answer the comment it replies to.',
    ],
  ])('keeps the text after %s and says what to do', async (_case, reply, said) => {
    let answer: FakeReply = reply;
    const { requests } = withComments([ana], { 'POST /api/comments/c1/replies': () => answer });
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    await userEvent.click(within(item).getByRole('button', { name: 'Reply' }));
    const box = within(item).getByRole('textbox', { name: /Your reply to/ });
    await userEvent.type(box, 'Happy to help.');
    await userEvent.click(within(item).getByRole('button', { name: 'Send reply' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(said);
    expect(within(item).getByRole('alert')).toHaveTextContent('Your reply is still here.');
    expect(box).toHaveValue('Happy to help.');
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Sending the reply failed'));
    answer = { status: 201, body: aComment({ _id: 'r1', parentId: 'c1', byAgency: true }) };
    await userEvent.click(within(item).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/Your reply to Ana Reader is published/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { text: 'Happy to help.' },
      { text: 'Happy to help.' },
    ]);
  });

  it('keeps the text under the sign-in dialog when the session has ended', async () => {
    withComments([ana], { 'POST /api/comments/c1/replies': errorReply(401, 'Sign in to continue.') });
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    await userEvent.click(within(item).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(item).getByRole('textbox', { name: /Your reply to/ }), 'Kept for later.');
    await userEvent.click(within(item).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Kept for later.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /You were signed out, so sending the reply failed. Sign in again, then try once more. Your reply is still here./,
      ),
    ).toBeInTheDocument();
  });

  it('refuses an empty reply without calling the server, and Cancel keeps the draft for later', async () => {
    const { writes } = withComments([ana]);
    renderAdmin('/admin/comments');
    const item = await commentBy('Ana Reader');
    await userEvent.click(within(item).getByRole('button', { name: 'Reply' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Send reply' }));
    expect(within(item).getByRole('alert')).toHaveTextContent('Write the reply first: it needs at least 2 characters.');
    await userEvent.type(within(item).getByRole('textbox', { name: /Your reply to/ }), 'Draft');
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Reply' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(item).getByRole('textbox', { name: /Your reply to/ })).toHaveValue('Draft');
    expect(writes()).toEqual([]);
  });
});

describe('turning a comment into an enquiry', () => {
  it('makes a lead and links to it in the Inbox', async () => {
    const { writes, change } = withComments([ben], {
      'POST /api/comments/c2/enquiry': () => {
        change('c2', { leadId: 'lead-7' });
        return { status: 201, body: { leadId: 'lead-7' } };
      },
    });
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ben Buyer')).getByRole('button', { name: 'Turn into an enquiry' }));
    expect(await screen.findByText('The comment by Ben Buyer is now an enquiry.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the new lead in the Inbox' })).toHaveAttribute(
      'href',
      '/admin/inbox/lead-7',
    );
    const item = screen.getByRole('article', { name: 'Ben Buyer' });
    expect(within(item).getByRole('link', { name: 'open the lead in the Inbox' })).toHaveFocus();
    expect(within(item).queryByRole('button', { name: 'Turn into an enquiry' })).not.toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/comments/c2/enquiry', body: undefined }]);
  });

  it('is not offered for a comment without an e-mail address, which an enquiry needs', async () => {
    withComments([cleo]);
    renderAdmin('/admin/comments');
    const item = await commentBy('Cleo Critic');
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Turn into an enquiry' })).not.toBeInTheDocument();
  });

  it('says so when the comment was turned into one before', async () => {
    withComments([ben], {
      'POST /api/comments/c2/enquiry': errorReply(409, 'This comment was already turned into an enquiry'),
    });
    renderAdmin('/admin/comments');
    await userEvent.click(within(await commentBy('Ben Buyer')).getByRole('button', { name: 'Turn into an enquiry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Turning the comment by Ben Buyer into an enquiry failed: This comment was already turned into an enquiry. The list is refreshed',
    );
  });
});
