import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const invitation = {
  _id: 'i1',
  email: 'grace@northbeam.example',
  role: 'author',
  url: 'http://localhost/admin/invitations/abc',
  expiresAt: '2025-04-08T12:00:00.000Z',
};

async function inviteGrace(emailed: boolean) {
  fakeApi({
    ...signedIn,
    'GET /api/users': { body: [] },
    'POST /api/invitations': { status: 201, body: { ...invitation, emailed } },
  });
  renderAdmin('/admin/users');
  const form = await screen.findByRole('form', { name: 'Invite someone' }, chunkWait);
  await userEvent.type(within(form).getByLabelText('E-mail address'), 'grace@northbeam.example');
  await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
  return within(form).findByLabelText('Invitation link');
}

describe('inviting someone', { timeout: 20_000 }, () => {
  it('says the e-mail is on its way, and still shows the link to copy', async () => {
    const link = await inviteGrace(true);
    expect(link).toHaveValue(invitation.url);
    expect(screen.getByText(/An e-mail with this link is on its way to them/)).toBeInTheDocument();
    // The admin's one date format, not the browser's locale default (4/8/2025).
    expect(screen.getByText(/it works once, until 08 Apr 2025:/)).toBeInTheDocument();
  });

  it('says no e-mail was sent when the server has no SMTP_URL, so the link is to send by hand', async () => {
    const link = await inviteGrace(false);
    expect(link).toHaveValue(invitation.url);
    expect(screen.getByText(/No e-mail was sent: e-mail is not set up on this server/)).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
  });
});
