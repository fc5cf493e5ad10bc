import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import home from '../../../../content/pages/home.json';
import seo from '../../../../content/services/seo.json';
import { documentProblems } from '../document-problems.ts';
import { documentSchema } from '../document-schemas.ts';
import { ContentForm } from './content-form.tsx';

type Document = Record<string, unknown>;

const postRoutes = [{ route: '/blogs/seo-in-2026', title: 'SEO in 2026' }];

function Harness({ initial, onDocument }: { initial: Document; onDocument?: (document: Document) => void }) {
  const [document, setDocument] = useState(initial);
  return (
    <ContentForm
      schema={documentSchema('page.schema.json')!}
      document={document}
      onChange={(next) => {
        setDocument(next);
        onDocument?.(next);
      }}
      context={{ routes: ['/', '/contact', '/seo', '/service'], postRoutes, images: [] }}
      problems={documentProblems('page.schema.json', document)}
      readOnly={false}
    />
  );
}

describe('the content form', () => {
  it("labels the page's fields from their schema and shows the hero's heading", () => {
    render(<Harness initial={seo} />);
    expect(screen.getByLabelText(/^Title in search results and browser tabs/)).toHaveValue(seo.title);
    const sections = screen.getByRole('list');
    expect(within(sections).getAllByRole('listitem')).toHaveLength(seo.sections.length);
    expect(screen.getByLabelText(/^Main heading/)).toHaveValue(seo.sections[0]!.heading);
  });

  it('changes only what the person edits: no default, no empty list item added to the document', () => {
    let last: Document | undefined;
    render(<Harness initial={seo} onDocument={(document) => (last = document)} />);
    fireEvent.change(screen.getByLabelText(/^Main heading/), { target: { value: 'A new heading for the SEO page' } });
    const expected = structuredClone(seo);
    expected.sections[0]!.heading = 'A new heading for the SEO page';
    expect(last).toEqual(expected);
  });

  it('says beside the field what is wrong with an empty heading, in a sentence', () => {
    let last: Document = seo;
    render(<Harness initial={seo} onDocument={(document) => (last = document)} />);
    fireEvent.change(screen.getByLabelText(/^Main heading/), { target: { value: '' } });
    const field = screen.getByLabelText(/^Main heading/);
    expect(field.closest('[data-pointer="/sections/0/heading"]')).toHaveTextContent('Fill this in: it is required.');
    expect((last.sections as Document[])[0]!.heading).toBeUndefined();
  });

  it('offers a link only the routes that exist, pages then published posts, and saves the one chosen', () => {
    let last: Document | undefined;
    render(<Harness initial={home} onDocument={(document) => (last = document)} />);
    const link = screen.getAllByLabelText(/^Page the button opens/)[0] as HTMLSelectElement;
    expect(link).toHaveValue('/service');
    const groups = within(link).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Pages', 'Blog posts']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/', '/contact', '/seo', '/service']);
    expect(within(groups[1]!).getByRole('option')).toHaveTextContent('SEO in 2026 (/blogs/seo-in-2026)');
    expect(link.options).toHaveLength(6);
    fireEvent.change(link, { target: { value: '/blogs/seo-in-2026' } });
    const hero = (last!.sections as { actions: { route: string }[] }[])[0]!;
    expect(hero.actions[0]!.route).toBe('/blogs/seo-in-2026');
  });

  it('names a stored link to a route that no longer exists as such, and offers no free path', () => {
    const moved = structuredClone(home);
    moved.sections[0]!.actions![0]!.route = '/services-we-closed';
    render(<Harness initial={moved} />);
    const link = screen.getAllByLabelText(/^Page the button opens/)[0] as HTMLSelectElement;
    expect(link).toHaveValue('/services-we-closed');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(within(link).getByRole('option', { name: /no such page: choose another/ })).toHaveValue(
      '/services-we-closed',
    );
    expect(link.tagName).toBe('SELECT');
  });
});
