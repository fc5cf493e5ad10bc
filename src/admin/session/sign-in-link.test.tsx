import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const throttled = {
  ...errorReply(429, 'Too many failed sign-in attempts. Wait a few minutes, then try again.'),
  headers: { 'retry-after': '840' },
};
const sent = 'If editor@northbeam.example belongs to a member of the team, a sign-in link is on its way to it.';

async function signInRefused() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, chunkWait), 'editor@northbeam.example');
  await user.type(screen.getByLabelText('Password'), 'the right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText(/Too many failed sign-in attempts/);
  return user;
}

describe('the sign-in link, offered when signing in is throttled', { timeout: 20_000 }, () => {
  it('is offered on a 429 and e-mailed to the address typed, which stays in its field', async () => {
    const { requests } = fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': throttled,
      'POST /api/auth/sign-in-link': { status: 202, body: { message: sent } },
    });
    renderAdmin('/admin');
    const user = await signInRefused();
    expect(screen.getByLabelText('Email')).toHaveValue('editor@northbeam.example');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(new RegExp(sent))).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/auth/sign-in-link')?.body).toEqual({
      email: 'editor@northbeam.example',
    });
  });

  it('is not offered for a wrong password (401), and says in words when the link could not be sent', async () => {
    let attempt = 0;
    fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': () =>
        (attempt += 1) === 1 ? errorReply(401, 'The e-mail address or the password is not right.') : throttled,
      'POST /api/auth/sign-in-link': errorReply(409, 'This server cannot send e-mail (SMTP_URL is not set).'),
    });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', {}, chunkWait), 'editor@northbeam.example');
    await user.type(screen.getByLabelText('Password'), 'a wrong guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(/not right/);
    // The refusal settles as a person sees it: the password emptied, then the message focused (a frame later).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(/No link was sent: This server cannot send e-mail/)).toBeInTheDocument();
  });
});

describe('/admin/sign-in-link/{token}', { timeout: 20_000 }, () => {
  it('signs in at a press of the button, not by the visit alone, then shows the dashboard', async () => {
    let session = false;
    const { requests } = fakeApi({
      'GET /api/auth/me': () => (session ? { body: admin } : errorReply(401, 'Not signed in.')),
      'POST /api/auth/sign-in-link/abc': () => {
        session = true;
        return { body: admin };
      },
      'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } },
    });
    renderAdmin('/admin/sign-in-link/abc');
    const button = await screen.findByRole('button', { name: 'Sign in' }, chunkWait);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('asks for the second factor when two-factor sign-in is on', async () => {
    fakeApi({ 'POST /api/auth/sign-in-link/abc': { body: { twoFactorRequired: true } } });
    renderAdmin('/admin/sign-in-link/abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, chunkWait));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('says in words that a used link no longer works, and points to the sign-in page', async () => {
    fakeApi({
      'POST /api/auth/sign-in-link/abc': errorReply(410, 'This sign-in link has been used already: ask for a new one.'),
    });
    renderAdmin('/admin/sign-in-link/abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, chunkWait));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/used already/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Sign in with your password' })).toHaveAttribute('href', '/admin');
  });
});
