import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';
import { emptyPostValues } from './post-form-values.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const noPosts = { 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } };

async function openEditor() {
  const view = renderAdmin('/admin/blog/new');
  await screen.findByLabelText('Title', {}, chunkWait);
  return { user: userEvent.setup(), view };
}

describe('NewPostPage', () => {
  it('shows each problem next to its field, in words, and focuses the list of problems', async () => {
    const { requests } = fakeApi({ ...signedIn });
    const { user } = await openEditor();
    // Pasted: typing 161 keys one by one outlasts the test's time limit on a busy machine.
    await user.click(screen.getByLabelText('Summary'));
    await user.paste('x'.repeat(161));
    await user.click(screen.getByRole('button', { name: 'Save post' }));

    const summary = screen.getByRole('alert');
    // Focused by an effect of the render that shows it, which a busy machine may run after the click returns.
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading')).toHaveTextContent('Please correct these 4 before saving');
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/Enter a title\./);
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(/Use only lower-case letters and numbers/);
    expect(screen.getByLabelText('Content')).toHaveAccessibleDescription(/Enter the content\./);
    expect(screen.getByLabelText('Summary')).toHaveAccessibleDescription(/Use at most 160 characters\./);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(title, 'Now titled');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('suggests the slug from the title until the slug is edited by hand', async () => {
    fakeApi({ ...signedIn });
    const { user } = await openEditor();
    await user.type(screen.getByLabelText('Title'), 'Ten SEO Wins!');
    expect(screen.getByLabelText('Slug')).toHaveValue('ten-seo-wins');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'seo-wins');
    await user.type(screen.getByLabelText('Title'), ' Today');
    expect(screen.getByLabelText('Slug')).toHaveValue('seo-wins');
  });

  it('counts the summary’s characters as they are typed', async () => {
    fakeApi({ ...signedIn });
    const { user } = await openEditor();
    expect(screen.getByLabelText('Summary')).toHaveAccessibleDescription(/0\/160 characters/);
    await user.type(screen.getByLabelText('Summary'), 'Short teaser');
    expect(screen.getByLabelText('Summary')).toHaveAccessibleDescription(/12\/160 characters/);
  });

  it('counts the title’s characters against the schema’s limit as they are typed', async () => {
    fakeApi({ ...signedIn });
    const { user } = await openEditor();
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('0/200 characters');
    await user.type(title, 'Ten SEO wins');
    expect(title).toHaveAccessibleDescription('12/200 characters');
  });

  it('offers draft or published on create, draft by default, and both content formats', async () => {
    fakeApi({ ...signedIn });
    await openEditor();
    const status = screen.getByLabelText('Status');
    expect(status).toHaveValue('draft');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft', 'Published']);
    expect(
      within(screen.getByLabelText('Content format'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['HTML', 'Markdown']);
  });

  it('creates the post with tags and categories split and trimmed, then returns to /admin', async () => {
    const { requests } = fakeApi({ ...signedIn, 'POST /api/blogs': { status: 201, body: aPost() }, ...noPosts });
    const { user } = await openEditor();
    await user.type(screen.getByLabelText('Title'), 'SEO that compounds');
    // The rich-text editor writes the HTML (typing into it is tested in Chromium: jsdom has no editing).
    await user.click(screen.getByRole('textbox', { name: 'Content' }));
    await user.paste('Search is a growth system.');
    await user.type(screen.getByLabelText('Tags'), ' seo , growth,,');
    await user.type(screen.getByLabelText('Categories'), 'Marketing');
    await user.type(screen.getByLabelText('Cover image URL'), '/images/cover.png');
    expect(screen.getByRole('img', { name: 'Preview of the cover' })).toHaveAttribute('src', '/images/cover.png');
    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    await user.click(screen.getByRole('button', { name: 'Save post' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'SEO that compounds',
      slug: 'seo-that-compounds',
      content: '<p>Search is a growth system.</p>',
      contentFormat: 'html',
      summary: '',
      tags: ['seo', 'growth'],
      categories: ['Marketing'],
      coverImage: '/images/cover.png',
      publishedAt: null,
      status: 'published',
      metaTitle: '',
      metaDescription: '',
      ogImage: '',
      canonicalUrl: '',
      commentsOpen: true,
    });
  });

  it('previews Markdown as the public page will show it, without scripts', async () => {
    fakeApi({ ...signedIn });
    const { user } = await openEditor();
    await user.type(screen.getByLabelText('Title'), 'Preview me');
    await user.selectOptions(screen.getByLabelText('Content format'), 'markdown');
    await user.click(screen.getByLabelText('Content'));
    await user.paste('## Why it works\n\nSome **bold** text.<script>window.hacked = true</script>');
    await user.type(screen.getByLabelText('Tags'), 'seo');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));

    const preview = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Preview me' })).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { name: 'Why it works' })).toBeInTheDocument();
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(within(preview).getByText('#seo')).toBeInTheDocument();
    expect(within(preview).getByText('Draft')).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps an unsaved draft in the browser and offers it back after a reload', async () => {
    fakeApi({ ...signedIn });
    const { user, view } = await openEditor();
    await user.type(screen.getByLabelText('Title'), 'Half written');
    await user.click(screen.getByRole('textbox', { name: 'Content' }));
    await user.paste('First paragraph');
    // One draft, kept once it holds the paragraph: the title alone was kept first.
    await waitFor(() => {
      expect(sessionStorage.length).toBe(1);
      expect(sessionStorage.getItem(sessionStorage.key(0) ?? '')).toContain('First paragraph');
    });

    view.unmount();
    renderAdmin('/admin/blog/new');
    await user.click(await screen.findByRole('button', { name: 'Restore unsaved changes' }, chunkWait));
    expect(screen.getByLabelText('Title')).toHaveValue('Half written');
    expect(screen.getByLabelText('Slug')).toHaveValue('half-written');
    expect(screen.getByRole('textbox', { name: 'Content' }).innerHTML).toBe('<p>First paragraph</p>');
    expect(screen.queryByRole('button', { name: 'Restore unsaved changes' })).not.toBeInTheDocument();
  });

  it('forgets the draft when the offer is declined', async () => {
    sessionStorage.setItem(
      'northbeam.admin.post-draft:new',
      JSON.stringify({ values: { ...emptyPostValues, title: 'Old idea' }, savedAt: '2025-03-05T10:00:00.000Z' }),
    );
    fakeApi({ ...signedIn });
    renderAdmin('/admin/blog/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Discard them' }, chunkWait));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    await waitFor(() => expect(sessionStorage.getItem('northbeam.admin.post-draft:new')).toBeNull());
  });

  it('Cancel returns to the dashboard and drops the kept draft', async () => {
    fakeApi({ ...signedIn, ...noPosts });
    const { user } = await openEditor();
    await user.type(screen.getByLabelText('Title'), 'Not needed after all');
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, chunkWait)).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});
