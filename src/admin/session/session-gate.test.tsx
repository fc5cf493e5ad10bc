import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { admin, chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const noPosts = { 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } };

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, chunkWait), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('admin sign-in', () => {
  it('shows the sign-in form at /admin until signed in, then the dashboard', async () => {
    let session = false;
    const { requests } = fakeApi({
      'GET /api/auth/me': () => (session ? { body: admin } : errorReply(401, 'Not signed in.')),
      'POST /api/auth/login': () => {
        session = true;
        return { body: admin };
      },
      ...noPosts,
    });
    renderAdmin('/admin');
    await signIn('admin@northbeam.example', 'correct horse battery');
    expect(await screen.findByText('No blog posts available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/auth/login')?.body).toEqual({
      email: 'admin@northbeam.example',
      password: 'correct horse battery',
    });
  });

  it('returns to the page that was asked for', async () => {
    fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': { body: admin },
      ...noPosts,
    });
    renderAdmin('/admin/stats');
    await signIn('admin@northbeam.example', 'correct horse battery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats' }, chunkWait)).toBeInTheDocument();
  });

  it('keeps the session after a reload: a live session goes straight to the page', async () => {
    fakeApi({ ...signedIn, ...noPosts });
    renderAdmin('/admin');
    expect(await screen.findByText('No blog posts available.', {}, chunkWait)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByText('Asha Admin')).toBeInTheDocument();
  });

  it('says in words why signing in failed, and empties the password', async () => {
    fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': errorReply(401, 'The e-mail address or the password is not right.'),
    });
    renderAdmin('/admin');
    await signIn('admin@northbeam.example', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or the password is not right.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@northbeam.example');
  });

  it('tells how long to wait after too many attempts', async () => {
    fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': {
        ...errorReply(429, 'Too many failed sign-in attempts.'),
        headers: { 'retry-after': '540' },
      },
    });
    renderAdmin('/admin');
    await signIn('admin@northbeam.example', 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can try again in 9 minutes.');
  });

  it('asks for the e-mail and password before sending anything', async () => {
    const { requests } = fakeApi({ 'GET /api/auth/me': errorReply(401, 'Not signed in.') });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }, chunkWait));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription(/Enter your e-mail address\./);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('Log Out ends the session on the server and shows the sign-in form again', async () => {
    const { requests } = fakeApi({ ...signedIn, ...noPosts, 'POST /api/auth/logout': { status: 204 } });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }, chunkWait));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.url === '/api/auth/logout')).toBe(true));
  });
});
