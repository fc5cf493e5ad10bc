import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import type { MediaRecord } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const portrait: MediaRecord = {
  _id: 'm-portrait',
  url: '/media/portrait.jpg',
  fileName: 'portrait.jpg',
  mimeType: 'image/jpeg',
  bytes: 2048,
  width: 400,
  height: 400,
  alt: '',
  sha256: '0'.repeat(64),
  variants: [],
  socialImage: '/media/portrait-social.jpg',
  createdAt: '2025-04-01T12:00:00.000Z',
  createdBy: 'Asha Admin',
  createdById: admin._id,
};

function securityPage(profileReply: FakeReply, profile: object = {}, more: Record<string, FakeReply> = {}) {
  const api = fakeApi({
    'GET /api/auth/me': { body: { ...admin, ...profile } },
    'GET /api/auth/2fa': { body: { enabled: false, recoveryCodesLeft: 0 } },
    'GET /api/auth/sessions': { body: [] },
    [`PATCH /api/users/${admin._id}`]: profileReply,
    ...more,
  });
  renderAdmin('/admin/security');
  return api;
}

const savedMember = {
  ...admin,
  name: 'Asha Writer',
  slug: 'asha',
  bio: null,
  avatar: null,
  lastSignInAt: null,
  twoFactor: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** jsdom has no modal dialogs: open them as a browser would. */
function openDialogsAsBrowsersDo() {
  const original = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    configurable: true,
  });
  onTestFinished(() => {
    if (original) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', original);
    else delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
  });
}

const patchOf = (api: ReturnType<typeof fakeApi>) => api.requests.find((request) => request.method === 'PATCH')?.body;

describe('the profile on the Security page', { timeout: 20_000 }, () => {
  it('saves the name shown on one’s posts', async () => {
    const api = securityPage({ body: savedMember });
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    const name = within(form).getByLabelText('Name, as shown on your posts');
    expect(name).toHaveValue('Asha Admin');
    await userEvent.clear(name);
    await userEvent.type(name, 'Asha Writer');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile is saved: your posts and your author page show it.');
    expect(patchOf(api)).toEqual({ name: 'Asha Writer', bio: null, avatar: null });
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

  it('sends the bio and an avatar chosen from the media library', async () => {
    openDialogsAsBrowsersDo();
    const api = securityPage(
      { body: { ...savedMember, bio: 'Writes about lighthouses.', avatar: portrait._id } },
      {},
      {
        'GET /api/media': { body: [portrait], headers: { 'x-total-count': '1' } },
      },
    );
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    const bio = within(form).getByLabelText('Short bio');
    expect(within(form).getByText('0 of 500')).toBeInTheDocument();
    await userEvent.type(bio, 'Writes about lighthouses.');
    expect(within(form).getByText('25 of 500')).toBeInTheDocument();
    const avatar = within(form).getByRole('group', { name: 'Avatar' });
    await userEvent.click(within(avatar).getByRole('button', { name: 'Choose from the media library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your avatar' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /portrait\.jpg/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(avatar).getByRole('img', { name: 'Asha Admin' })).toHaveAttribute('src', portrait.url);
    expect(within(avatar).getByRole('button', { name: 'Choose another image' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile is saved: your posts and your author page show it.');
    expect(patchOf(api)).toEqual({ name: 'Asha Admin', bio: 'Writes about lighthouses.', avatar: portrait._id });
  });

  it('shows the saved avatar and bio, and sends null for both once removed', async () => {
    const api = securityPage(
      { body: savedMember },
      { slug: 'asha', bio: 'Writes about lighthouses.', avatar: portrait._id },
      {
        [`GET /api/media/${portrait._id}`]: { body: { ...portrait, usedBy: [] } },
        'GET /api/authors/asha': { body: { name: 'Asha Admin', slug: 'asha', bio: null, avatar: null } },
      },
    );
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    expect(within(form).getByLabelText('Short bio')).toHaveValue('Writes about lighthouses.');
    const avatar = within(form).getByRole('group', { name: 'Avatar' });
    expect(await within(avatar).findByRole('img', { name: 'Asha Admin' })).toHaveAttribute('src', portrait.url);
    expect(await within(form).findByRole('link', { name: 'your author page' })).toHaveAttribute(
      'href',
      '/blog/author/asha',
    );
    await userEvent.click(within(avatar).getByRole('button', { name: 'Remove' }));
    expect(within(avatar).queryByRole('img')).not.toBeInTheDocument();
    expect(within(avatar).getByRole('button', { name: 'Choose from the media library' })).toHaveFocus();
    await userEvent.clear(within(form).getByLabelText('Short bio'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile is saved: your posts and your author page show it.');
    expect(patchOf(api)).toEqual({ name: 'Asha Admin', bio: null, avatar: null });
  });

  it('says the author page appears once a post is published', async () => {
    securityPage(
      { body: savedMember },
      { slug: 'asha', bio: null, avatar: null },
      {
        'GET /api/authors/asha': errorReply(404, 'There is no such author.'),
      },
    );
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    await within(form).findByText('Your author page appears once one of your posts is published.');
    expect(within(form).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the bio and says beside it why the server refused it', async () => {
    const api = securityPage(
      errorReply(400, 'The bio is too long.', [{ path: '/bio', message: 'must have at most 500 characters' }]),
    );
    const form = await screen.findByRole('form', { name: 'Your profile' }, chunkWait);
    const bio = within(form).getByLabelText('Short bio');
    await userEvent.type(bio, 'Writes about lighthouses.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await within(form).findByText('Your profile was not changed: The bio is too long.');
    expect(bio).toHaveValue('Writes about lighthouses.');
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription(/The bio must have at most 500 characters\./);
    expect(patchOf(api)).toEqual({ name: 'Asha Admin', bio: 'Writes about lighthouses.', avatar: null });
  });
});
