import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const noPosts = { 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } };

async function enterPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, chunkWait), 'admin@northbeam.example');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

// Generous: the first test loads the admin's chunk, and the machine is shared.
describe('signing in with two-factor sign-in on', { timeout: 20_000 }, () => {
  it('asks for the code after the password, keeps it through a refusal, then shows the dashboard', async () => {
    let codes = 0;
    const { requests } = fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': { body: { twoFactorRequired: true } },
      'POST /api/auth/2fa/verify': () =>
        ++codes === 1 ? errorReply(401, 'The code is not right, or it was used already.') : { body: admin },
      ...noPosts,
    });
    renderAdmin('/admin');
    const user = await enterPassword();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not right');
    expect(screen.getByLabelText('Authentication code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/auth/2fa/verify').map((request) => request.body)).toEqual(
      [{ code: '123456' }, { code: '123456' }],
    );
  });

  it('takes a recovery code instead, and asks for one when the field is empty', async () => {
    const { requests } = fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': { body: { twoFactorRequired: true } },
      'POST /api/auth/2fa/verify': { body: admin },
      ...noPosts,
    });
    renderAdmin('/admin');
    const user = await enterPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter one of your recovery codes.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Recovery code/), 'k7qm2-x9fzr');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/auth/2fa/verify')?.body).toEqual({ code: 'k7qm2-x9fzr' });
  });

  it('offers to start again when the pending sign-in has expired', async () => {
    fakeApi({
      'GET /api/auth/me': errorReply(401, 'Not signed in.'),
      'POST /api/auth/login': { body: { twoFactorRequired: true } },
      'POST /api/auth/2fa/verify': errorReply(401, 'The sign-in has expired. Sign in again.'),
      ...noPosts,
    });
    renderAdmin('/admin');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@northbeam.example');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
