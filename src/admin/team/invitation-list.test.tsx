import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = {
  _id: 'i1',
  email: 'grace@northbeam.example',
  role: 'administrator',
  createdAt: '2025-04-01T12:00:00.000Z',
  expiresAt: '2025-04-08T12:00:00.000Z',
  invitedBy: { _id: 'u-asha', name: 'Asha Admin', email: 'admin@northbeam.example' },
};

function usersScreen(deleteReply: Parameters<typeof fakeApi>[0][string] = { status: 204 }) {
  let invitations = [open];
  const api = fakeApi({
    ...signedIn,
    'GET /api/users': { body: [] },
    'GET /api/invitations': () => ({ body: invitations }),
    'DELETE /api/invitations/i1': (request) => {
      const reply = typeof deleteReply === 'function' ? deleteReply(request) : deleteReply;
      invitations = [];
      return reply;
    },
  });
  renderAdmin('/admin/users');
  return api;
}

describe('the open invitations on the Users screen', { timeout: 40_000 }, () => {
  it('lists each with role, who invited and until when, and revokes one after a confirmation', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { requests } = usersScreen();
    // The first test loads the Users chunk cold.
    const row = (await screen.findByText('grace@northbeam.example', {}, { timeout: 25_000 })).closest('tr')!;
    expect(within(row).getByText('Administrator')).toBeInTheDocument();
    expect(within(row).getByText('Asha Admin')).toBeInTheDocument();
    expect(within(row).getByText(/2025/)).toBeInTheDocument();
    await userEvent.click(
      within(row).getByRole('button', { name: /Revoke the invitation of grace@northbeam.example/ }),
    );
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/grace@northbeam.example as administrator/));
    expect(await screen.findByText('No invitation is waiting to be accepted.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/invitations/i1',
    ]);
  });

  it('revokes nothing when the confirmation is declined', async () => {
    vi.stubGlobal('confirm', () => false);
    const { requests } = usersScreen();
    await userEvent.click(await screen.findByRole('button', { name: /Revoke/ }, chunkWait));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByText('grace@northbeam.example')).toBeInTheDocument();
  });

  it('says in words why an invitation was not revoked', async () => {
    vi.stubGlobal('confirm', () => true);
    usersScreen(errorReply(404, 'There is no such open invitation: it may have been used already.'));
    await userEvent.click(await screen.findByRole('button', { name: /Revoke/ }, chunkWait));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Not revoked: There is no such open/));
  });
});

describe('an invitation link', { timeout: 20_000 }, () => {
  it('says at once that it was used, with no form to fill in', async () => {
    fakeApi({
      'GET /api/invitations/used-token': errorReply(
        410,
        'This invitation has been used already: sign in, or ask an administrator for a new one.',
      ),
    });
    renderAdmin('/admin/invitations/used-token');
    expect(await screen.findByText(/has been used already/, {}, chunkWait)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join the team' })).not.toBeInTheDocument();
  });

  it('shows the form, with the role offered and the expiry in the admin’s date format, while it works', async () => {
    fakeApi({
      'GET /api/invitations/good-token': {
        body: { email: 'grace@northbeam.example', role: 'contributor', expiresAt: '2025-04-08T12:00:00.000Z' },
      },
    });
    renderAdmin('/admin/invitations/good-token');
    expect(await screen.findByRole('form', { name: 'Join the team' }, chunkWait)).toBeInTheDocument();
    expect(screen.getByText(/invited as contributor, with the address grace@northbeam.example/)).toBeInTheDocument();
    // Its expiry in the admin's one date format, as the Users screen writes it (the tests' zone is UTC).
    expect(screen.getByText(/The link works once, until 08 Apr 2025, 12:00\.$/)).toBeInTheDocument();
  });
});
