import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const session = {
  _id: 'session-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  userAgent: chromeOnLinux,
  address: '198.51.100.7',
  current: true,
};
const setup = {
  secret: 'A'.repeat(32),
  otpauthUri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
const wrongPassword = errorReply(403, 'The current password is not right: nothing was changed.', [
  { path: '/currentPassword', message: 'is not right' },
]);

function securityPage(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    ...signedIn,
    'GET /api/auth/2fa': { body: { enabled: false, recoveryCodesLeft: 0 } },
    'GET /api/auth/sessions': { body: [session] },
    ...routes,
  });
  renderAdmin('/admin/security');
  return api;
}

// Generous: the first test loads the admin's chunk, and the machine is shared.
describe('the Security page', { timeout: 20_000 }, () => {
  it('names each session’s browser as a person would, not by its raw user agent', async () => {
    securityPage({});
    const table = await screen.findByRole('table', {}, chunkWait);
    expect(within(table).getByRole('cell', { name: 'Chrome on Linux' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('Mozilla/5.0');
  });

  it('asks for the current password to set up two-factor sign-in, and keeps it through a refusal', async () => {
    let attempts = 0;
    const { requests } = securityPage({
      'POST /api/auth/2fa/setup': () => (++attempts === 1 ? wrongPassword : { body: setup }),
      'POST /api/auth/2fa/enable': { body: { recoveryCodes: ['k7qm2-x9fzr'] } },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Set up two-factor sign-in' }, chunkWait);
    await user.click(within(form).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(within(form).getByText('Enter your current password.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Your current password/), 'a mistyped passphrase');
    await user.click(within(form).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not right');
    expect(within(form).getByText('Your current password is not right.')).toBeInTheDocument();
    const password = within(form).getByLabelText(/Your current password/);
    expect(password).toHaveValue('a mistyped passphrase');

    await user.clear(password);
    await user.type(password, 'the right passphrase');
    await user.click(within(form).getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    const sent = requests.filter((request) => request.method === 'POST').map((request) => [request.url, request.body]);
    expect(sent).toEqual([
      ['/api/auth/2fa/setup', { currentPassword: 'a mistyped passphrase' }],
      ['/api/auth/2fa/setup', { currentPassword: 'the right passphrase' }],
      ['/api/auth/2fa/enable', { code: '123456', currentPassword: 'the right passphrase' }],
    ]);
  });

  it('changes the password with the current one, saying in words what went wrong', async () => {
    let attempts = 0;
    const { requests } = securityPage({
      'POST /api/auth/password': () => (++attempts === 1 ? wrongPassword : { status: 204 }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change your password' }, chunkWait);
    await user.type(within(form).getByLabelText(/New password \(at least/), 'a brand new passphrase');
    await user.type(within(form).getByLabelText('New password again'), 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Enter your current password.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Your current password/), 'not it');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not right.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/New password \(at least/)).toHaveValue('a brand new passphrase');
    expect(within(form).getByLabelText('New password again')).toHaveValue('a brand new passphrase');

    await user.clear(within(form).getByLabelText(/Your current password/));
    await user.type(within(form).getByLabelText(/Your current password/), 'the right passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/Your password is changed/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { currentPassword: 'not it', newPassword: 'a brand new passphrase' },
      { currentPassword: 'the right passphrase', newPassword: 'a brand new passphrase' },
    ]);
  });
});
