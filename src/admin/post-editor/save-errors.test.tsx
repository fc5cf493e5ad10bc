import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { admin, chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function writePostAndSave(routes: Record<string, FakeReply>) {
  const api = fakeApi({ ...signedIn, 'GET /api/blogs': { body: [] }, ...routes });
  renderAdmin('/admin/blog/new');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Title', {}, chunkWait), 'Taken title');
  await user.click(screen.getByRole('textbox', { name: 'Content' }));
  await user.paste('Words I must not lose');
  await user.type(screen.getByLabelText('Summary'), 'A teaser');
  await user.click(screen.getByRole('button', { name: 'Save post' }));
  return { user, ...api };
}

function expectTextKept() {
  expect(screen.getByLabelText('Title')).toHaveValue('Taken title');
  expect(screen.getByRole('textbox', { name: 'Content' }).innerHTML).toBe('<p>Words I must not lose</p>');
  expect(screen.getByLabelText('Summary')).toHaveValue('A teaser');
}

describe('saving a post when the server refuses', () => {
  it('shows a duplicate slug next to the slug, keeping everything typed', async () => {
    await writePostAndSave({
      'POST /api/blogs': errorReply(409, 'Another post already has the slug "taken-title".', [
        { path: '/slug', message: 'is already used by another post' },
      ]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Another post already has the slug "taken-title".');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(/Another post already uses this slug/);
    expectTextKept();
  });

  it('says when the server cannot be reached, keeping everything typed', async () => {
    await writePostAndSave({ 'POST /api/blogs': 'network-error' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expectTextKept();
  });

  it('after a 401 shows the sign-in form over the editor, then saves with nothing lost', async () => {
    let signedInAgain = false;
    const { user, requests } = await writePostAndSave({
      'POST /api/blogs': () =>
        signedInAgain ? { status: 201, body: aPost() } : errorReply(401, 'Sign in to do this.'),
      'POST /api/auth/login': () => {
        signedInAgain = true;
        return { body: admin };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expectTextKept();
    expect(screen.getByText(/You were signed out, so the post was not saved/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email'), admin.email);
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectTextKept();

    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/blogs' && request.method === 'POST')).toHaveLength(2);
  });
});
