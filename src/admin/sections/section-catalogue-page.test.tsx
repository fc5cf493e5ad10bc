import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { sectionComponents } from '@/sections/section-renderer.tsx';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const sectionTypes = Object.keys(sectionComponents).sort();

describe('SectionCataloguePage', () => {
  it('lists every section type with its fields from the schema and renders its example', async () => {
    fakeApi({ ...signedIn, 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } });
    renderAdmin('/admin/sections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sections' }, chunkWait)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sections' })).toHaveAttribute('aria-current', 'page');

    const contents = screen.getByRole('navigation', { name: 'Section types' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sectionTypes);
    // Each link of the contents leads to its entry: plain DOM look-ups, as fifteen rendered sections are many nodes.
    for (const link of within(contents).getAllByRole('link')) {
      const type = link.textContent!;
      const entry = document.getElementById(link.getAttribute('href')!.slice(1))!;
      expect(entry.querySelector('h2')).toHaveTextContent(type);
      expect(entry.querySelector('table caption')).toHaveTextContent(`Fields of ${type}`);
      expect(entry.querySelector('tbody th')).toHaveTextContent('type');
      // A section with a lazy widget (the carousel) shows its example once that code has arrived.
      await waitFor(() =>
        expect(within(entry).getByTestId(`example-${type}`).childElementCount, type).toBeGreaterThan(0),
      );
    }
  }, 30_000);

  it('shows limits and descriptions read from the schema', async () => {
    fakeApi(signedIn);
    renderAdmin('/admin/sections');
    const heading = await screen.findByRole('heading', { level: 2, name: 'offerings' }, chunkWait);
    const offerings = heading.closest('section')!;
    const bullets = within(offerings).getByRole('rowheader', { name: 'items[].bullets' }).closest('tr')!;
    expect(bullets).toHaveTextContent(/list of string/);
    expect(bullets).toHaveTextContent(/at least 4 items, at most 5 items/);
  }, 30_000);
});
