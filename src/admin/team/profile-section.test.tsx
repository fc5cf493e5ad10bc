import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { admin, chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

function securityPage(profileReply: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    ...signedIn,
    'GET /api/auth/2fa': { body: { enabled: false, recoveryCodesLeft: 0 } },
    'GET /api/auth/sessions': { body: [] },
    [`PATCH /api/users/${admin._id}`]: profileReply,
  });
  renderAdmin('/admin/security');
  return api;
}

describe('the profile on the Security page', { timeout: 20_000 }, () => {
  it('saves the name shown on one’s posts', async () => {
    const api = securityPage({
      body: {
        ...admin,
        name: 'Asha Writer',
        slug: 'asha',
        bio: null,
        avatar: null,
        lastSignInAt: null,
        twoFactor: false,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    });
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    const name = within(form).getByLabelText('Name, as shown on your posts');
    expect(name).toHaveValue('Asha Admin');
    await userEvent.clear(name);
    await userEvent.type(name, 'Asha Writer');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile is saved: your posts show the new name.');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ name: 'Asha Writer' });
  });

  it('keeps what was typed and says why when the server refuses', async () => {
    securityPage(
      errorReply(400, 'The name is too long.', [{ path: '/name', message: 'must have at most 100 characters' }]),
    );
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    const name = within(form).getByLabelText('Name, as shown on your posts');
    await userEvent.clear(name);
    await userEvent.type(name, 'Someone new');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile was not changed: The name is too long.');
    expect(name).toHaveValue('Someone new');
  });
});
