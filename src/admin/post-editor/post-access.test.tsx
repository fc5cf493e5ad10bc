import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import type { AuthorOption, MediaRecord, TeamRole } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const me = (role: TeamRole) => ({ 'GET /api/auth/me': { body: { ...admin, role } } });

const authors: AuthorOption[] = [
  { _id: admin._id, name: admin.name, slug: 'asha-admin', role: 'owner' },
  { _id: 'u-aurora', name: 'Aurora Author', slug: 'aurora-author', role: 'author' },
  { _id: 'u-cora', name: 'Cora Contributor', slug: 'cora-contributor', role: 'contributor' },
];

const othersPost = aPost({
  _id: 'p9',
  title: 'Written by Aurora',
  slug: 'written-by-aurora',
  author: 'Aurora Author',
  authorId: 'u-aurora',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2025-04-01T12:00:00.000Z',
});

describe('the Author field', () => {
  it('lets an editor choose who wrote the post from the team’s writers, and sends the chosen id', async () => {
    const { requests } = fakeApi({
      ...me('editor'),
      'GET /api/authors': { body: authors },
      'GET /api/blogs/p9': { body: othersPost },
      'GET /api/blogs/p9/revisions': { body: [] },
      'PUT /api/blogs/p9': { body: { ...othersPost, authorId: 'u-cora', author: 'Cora Contributor' } },
      'GET /api/blogs': { body: [] },
    });
    renderAdmin('/admin/blog/edit/p9');
    const field = await screen.findByRole('combobox', { name: 'Author' }, chunkWait);
    await waitFor(() => expect(within(field).getAllByRole('option')).toHaveLength(3));
    expect(field).toHaveValue('u-aurora');
    expect(
      within(field)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Asha Admin (owner)', 'Aurora Author (author)', 'Cora Contributor (contributor)']);
    const user = userEvent.setup();
    await user.selectOptions(field, 'Cora Contributor (contributor)');
    expect(field).toHaveValue('u-cora');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ authorId: 'u-cora' });
  });

  it('shows the team as the author of a post from before roles, and sends no author unless one is chosen', async () => {
    const teamPost = aPost({
      _id: 'p9',
      slug: 'old',
      title: 'From before roles',
      author: 'Northbeam',
      status: 'draft',
    });
    const { requests } = fakeApi({
      ...me('administrator'),
      'GET /api/authors': { body: authors },
      'GET /api/blogs/p9': { body: teamPost },
      'GET /api/blogs/p9/revisions': { body: [] },
      'PUT /api/blogs/p9': { body: teamPost },
      'GET /api/blogs': { body: [] },
    });
    renderAdmin('/admin/blog/edit/p9');
    const field = await screen.findByRole('combobox', { name: 'Author' }, chunkWait);
    expect(field).toHaveValue('');
    expect(within(field).getByRole('option', { name: 'Northbeam (the team)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).not.toHaveProperty('authorId');
  });

  it('shows an author their name as text, with no choice and no request for the list', async () => {
    const { requests } = fakeApi({ ...me('author'), 'GET /api/blogs': { body: [] } });
    renderAdmin('/admin/blog/new');
    await screen.findByRole('form', { name: 'New post' }, chunkWait);
    expect(screen.queryByRole('combobox', { name: 'Author' })).not.toBeInTheDocument();
    expect(screen.getByText('Author').parentElement).toHaveTextContent('AuthorAsha Admin');
    expect(requests.some((request) => request.url.startsWith('/api/authors'))).toBe(false);
  });
});

describe('a post the role cannot change, reached by its address', () => {
  it('shows an author another’s post to read, naming posts:others, with no field and no save button', async () => {
    fakeApi({ ...me('author'), 'GET /api/blogs/p9': { body: othersPost } });
    renderAdmin('/admin/blog/edit/p9');
    expect(await screen.findByRole('heading', { name: 'Read post' }, chunkWait)).toBeInTheDocument();
    const notice = screen.getByText(/You can read this post but not change it/);
    expect(notice).toHaveTextContent(
      'Your role (author) does not have the permission "posts:others": changing or deleting another person’s post, or who wrote it.',
    );
    expect(screen.getByRole('heading', { name: 'Written by Aurora' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save|Schedule|Publish/ })).not.toBeInTheDocument();
  });

  it('shows a contributor their own published post to read, naming posts:own', async () => {
    const own = aPost({ _id: 'p9', title: 'Mine, now live', authorId: admin._id, status: 'published' });
    fakeApi({ ...me('contributor'), 'GET /api/blogs/p9': { body: own } });
    renderAdmin('/admin/blog/edit/p9');
    await screen.findByRole('heading', { name: 'Read post' }, chunkWait);
    expect(screen.getByText(/You can read this post/)).toHaveTextContent('"posts:own"');
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('opens a contributor’s own draft in the editor', async () => {
    const own = aPost({ _id: 'p9', title: 'Mine, a draft', authorId: admin._id, status: 'draft', publishedAt: null });
    fakeApi({
      ...me('contributor'),
      'GET /api/blogs/p9': { body: own },
      'GET /api/blogs/p9/revisions': { body: [] },
    });
    renderAdmin('/admin/blog/edit/p9');
    await screen.findByDisplayValue('Mine, a draft', {}, chunkWait);
    expect(screen.getByRole('button', { name: 'Save post' })).toBeInTheDocument();
    expect(screen.queryByText(/You can read this post/)).not.toBeInTheDocument();
  });
});

describe('the dashboard’s cards by role', () => {
  it('offers an author Read instead of Edit, and no Delete, on another’s post; Edit and Delete on their own', async () => {
    const mine = aPost({ _id: 'p1', slug: 'mine', title: 'My own post', authorId: admin._id });
    const theirs = aPost({ _id: 'p2', slug: 'theirs', title: 'Their post', authorId: 'u-aurora' });
    fakeApi({
      ...me('author'),
      'GET /api/blogs': () => ({ body: [mine, theirs], headers: { 'x-total-count': '2' } }),
    });
    renderAdmin('/admin');
    const card = async (title: string) =>
      (await screen.findByRole('heading', { name: title }, chunkWait)).closest('article')!;
    const other = await card('Their post');
    expect(within(other).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/admin/blog/edit/p2');
    expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const own = await card('My own post');
    expect(within(own).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

function anImage(fields: Partial<MediaRecord>): MediaRecord {
  return {
    _id: 'm1',
    url: '/media/m1.jpg',
    fileName: 'team.jpg',
    mimeType: 'image/jpeg',
    bytes: 2048,
    width: 800,
    height: 600,
    alt: 'The team at work',
    sha256: '0'.repeat(64),
    variants: [],
    socialImage: '/media/m1-social.jpg',
    createdAt: '2025-04-01T12:00:00.000Z',
    createdBy: 'Aurora Author',
    createdById: 'u-aurora',
    ...fields,
  };
}

describe('the media library by role', () => {
  async function openImage(role: TeamRole, image: MediaRecord) {
    fakeApi({
      ...me(role),
      'GET /api/media': { body: [image], headers: { 'x-total-count': '1' } },
      [`GET /api/media/${image._id}`]: { body: { ...image, usedBy: [] } },
    });
    renderAdmin('/admin/media');
    await userEvent.click(await screen.findByRole('button', { name: /team\.jpg/ }, chunkWait));
    return screen.findByRole('region', { name: 'team.jpg' });
  }

  it('hides changing and deleting another’s image from an author, and says why', async () => {
    const details = await openImage('author', anImage({}));
    expect(within(details).queryByRole('button', { name: 'Delete image' })).not.toBeInTheDocument();
    expect(within(details).queryByLabelText('Alt text')).not.toBeInTheDocument();
    expect(details).toHaveTextContent('Alt text: The team at work');
    expect(details).toHaveTextContent('does not have the permission "media:others"');
  });

  it('lets an author change their own image', async () => {
    const own = await openImage('author', anImage({ createdById: admin._id }));
    expect(within(own).getByRole('button', { name: 'Delete image' })).toBeInTheDocument();
    expect(within(own).getByLabelText('Alt text')).toHaveValue('The team at work');
  });

  it('lets an editor change anyone’s image', async () => {
    const others = await openImage('editor', anImage({}));
    expect(within(others).getByRole('button', { name: 'Delete image' })).toBeInTheDocument();
  });
});

describe('inserting another’s image', () => {
  it('keeps a contributor’s alt text in the post alone, without asking the library to change the image', async () => {
    // jsdom has no modal dialogs: open it as a browser would.
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const original = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    onTestFinished(() => {
      if (original) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', original);
      else delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
    });
    const { requests } = fakeApi({
      ...me('contributor'),
      'GET /api/media': { body: [anImage({ alt: '' })], headers: { 'x-total-count': '1' } },
    });
    renderAdmin('/admin/blog/new');
    await screen.findByRole('form', { name: 'New post' }, chunkWait);
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    await userEvent.click(await screen.findByRole('button', { name: /team\.jpg/ }));
    const chosen = await screen.findByRole('form', { name: 'Chosen image' });
    await userEvent.type(within(chosen).getByLabelText('Alt text'), 'The team at work');
    await userEvent.click(within(chosen).getByRole('button', { name: 'Insert image' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Chosen image' })).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});
