import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const stored = aPost({
  _id: 'p7',
  title: 'Stored title',
  slug: 'stored-title',
  content: 'Body text',
  contentFormat: 'markdown',
  summary: 'Stored summary',
  coverImage: '/images/cover.jpg',
  status: 'published',
  updatedAt: '2025-04-01T12:00:00.000Z',
});

async function openEditor(post = stored) {
  const { requests } = fakeApi({
    ...signedIn,
    'GET /api/blogs/p7': { body: post },
    'GET /api/blogs/p7/revisions': { body: [] },
    'PUT /api/blogs/p7': { body: post },
    'GET /api/blogs': { body: [] },
  });
  renderAdmin('/admin/blog/edit/p7');
  await screen.findByDisplayValue('Stored title', {}, chunkWait);
  return { user: userEvent.setup(), requests };
}

const seoGroup = () => screen.getByRole('group', { name: 'Search and sharing' });

describe('Search and sharing fields', () => {
  it('previews the title, summary and cover when the fields are empty, as the page head does', async () => {
    await openEditor();
    const search = within(seoGroup()).getByTestId('search-preview');
    expect(search).toHaveTextContent('Stored title | ');
    expect(search).toHaveTextContent('/blogs/stored-title');
    expect(search).toHaveTextContent('Stored summary');
    const card = within(seoGroup()).getByTestId('social-preview');
    expect(within(card).getByRole('img', { name: 'Sharing card visual' })).toHaveAttribute('src', '/images/cover.jpg');
  });

  it('counts characters live and updates both previews as the fields are typed', async () => {
    const { user } = await openEditor();
    const title = screen.getByLabelText('Search headline');
    await user.type(title, 'Compounding SEO');
    expect(title).toHaveAccessibleDescription(/15\/70 characters/);
    await user.type(screen.getByLabelText('Search description'), 'Why search pays later.');
    expect(screen.getByLabelText('Search description')).toHaveAccessibleDescription(/22\/160 characters/);
    await user.type(screen.getByLabelText('Sharing image URL'), 'https://cdn.example.com/card.png');
    await user.type(screen.getByLabelText('Canonical URL'), 'https://medium.com/@us/seo');

    const search = screen.getByTestId('search-preview');
    expect(search).toHaveTextContent('Compounding SEO');
    expect(search).not.toHaveTextContent('Stored title');
    expect(search).toHaveTextContent('https://medium.com/@us/seo');
    expect(search).toHaveTextContent('Why search pays later.');
    const card = screen.getByTestId('social-preview');
    expect(within(card).getByRole('img', { name: 'Sharing card visual' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/card.png',
    );
    expect(card).toHaveTextContent('medium.com');
  });

  it('shows over-long and malformed values next to their fields and does not save', async () => {
    const { user, requests } = await openEditor();
    await user.type(screen.getByLabelText('Search headline'), 'x'.repeat(71));
    await user.type(screen.getByLabelText('Canonical URL'), '/relative/path');
    await user.click(screen.getByRole('button', { name: /Save post|Update/ }));

    expect(screen.getByLabelText('Search headline')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Search headline')).toHaveAccessibleDescription(/Use at most 70 characters\./);
    expect(screen.getByLabelText('Canonical URL')).toHaveAccessibleDescription(/Enter a full address/);
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('sends the fields with the post', async () => {
    const { user, requests } = await openEditor();
    await user.type(screen.getByLabelText('Search headline'), 'Short title');
    await user.type(screen.getByLabelText('Sharing image URL'), '/media/card.webp');
    await user.click(screen.getByRole('button', { name: /Save post/ }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait);
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      metaTitle: 'Short title',
      metaDescription: '',
      ogImage: '/media/card.webp',
      canonicalUrl: '',
    });
  });
});
