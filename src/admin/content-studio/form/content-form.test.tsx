import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import home from '../../../../content/pages/home.json';
import seo from '../../../../content/services/seo.json';
import { documentProblems } from '../document-problems.ts';
import { documentSchema } from '../document-schemas.ts';
import { ContentForm } from './content-form.tsx';
import { imagesIn } from './section-catalogue.ts';

type Document = Record<string, unknown>;

const postRoutes = [{ route: '/blogs/seo-in-2026', title: 'SEO in 2026' }];

function Harness({ initial, onDocument }: { initial: Document; onDocument?: (document: Document) => void }) {
  const [document, setDocument] = useState(initial);
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <ContentForm
        schema={documentSchema('page.schema.json')!}
        document={document}
        onChange={(next) => {
          setDocument(next);
          onDocument?.(next);
        }}
        context={{
          routes: ['/', '/contact', '/seo', '/service'],
          postRoutes,
          images: [...imagesIn(initial).values()],
          pageKind: document.kind as string,
        }}
        problems={documentProblems('page.schema.json', document)}
        readOnly={false}
      />
    </QueryClientProvider>
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

  it('flags a section only while it has a problem, naming it, through moves and edits; a flagged section closes', () => {
    render(<Harness initial={seo} />);
    const items = () => [...document.querySelectorAll('ol > li')];
    const flags = () =>
      [...document.querySelectorAll('li[data-invalid]')].map((item) => item.querySelector('ul')?.textContent);
    const edit = () => screen.getAllByRole('button', { name: /^(Edit|Hide fields)\s*section/ });
    fireEvent.click(edit()[1]!);
    expect(flags()).toEqual([]);
    // The hero moves below the offerings, and back: a valid document shows no flag at any step.
    fireEvent.click(
      within(screen.getByRole('group', { name: /^Section 1: Hero/ })).getByRole('button', { name: 'Move down' }),
    );
    expect(items()[1]).toHaveTextContent(/^⠿2\. Hero/);
    expect(flags()).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Main heading/), { target: { value: 'A heading after the move' } });
    expect(flags()).toEqual([]);
    // An emptied heading flags its own section, in words, and only that one; a valid heading takes the flag away.
    fireEvent.change(screen.getByLabelText(/^Main heading/), { target: { value: '' } });
    expect(flags()).toEqual(['Heading: Fill this in: it is required.']);
    expect(items()[1]).toHaveAttribute('data-invalid');
    const heroTools = screen.getByRole('group', { name: /^Section 2: Hero/ });
    fireEvent.click(within(heroTools).getByRole('button', { name: 'Move up' }));
    expect(flags()).toEqual(['Heading: Fill this in: it is required.']);
    expect(items()[0]).toHaveAttribute('data-invalid');
    expect(items()[1]).not.toHaveAttribute('data-invalid');
    // The flagged section closes on request, and still names its problem.
    fireEvent.click(screen.getByRole('button', { name: /^Hide fields\s*section 1$/ }));
    expect(screen.queryByLabelText(/^Main heading/)).not.toBeInTheDocument();
    expect(flags()).toEqual(['Heading: Fill this in: it is required.']);
    fireEvent.click(screen.getByRole('button', { name: /^Edit\s*section 1$/ }));
    fireEvent.change(screen.getByLabelText(/^Main heading/), { target: { value: 'Back to a heading' } });
    expect(flags()).toEqual([]);
    expect(document.querySelectorAll('[data-invalid]')).toHaveLength(0);
  });

  it("offers an article's author line on an article's hero only, or where one is written", () => {
    const { unmount } = render(<Harness initial={seo} />);
    expect(screen.getByLabelText(/^Main heading/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Author of the article' })).not.toBeInTheDocument();
    unmount();
    render(<Harness initial={{ ...seo, kind: 'article' }} />);
    expect(screen.getByRole('group', { name: 'Author of the article' })).toBeInTheDocument();
  });

  it("flags a testimonial's logo when its company changes and the logo does not", () => {
    render(<Harness initial={home} />);
    fireEvent.click(screen.getByRole('button', { name: /^Edit\s*section 4$/ }));
    // A slide's kind is offered in words, not as the schema's type name.
    const kind = screen.getAllByRole('combobox', { name: /^Kind/ }).at(-1)!;
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Card slide', 'Testimonial slide', 'Image slide']);
    const company = screen.getAllByLabelText(/^Company/)[0]!;
    const logo = screen.getAllByRole('group', { name: /^Client logo/ })[0]!;
    expect(logo).not.toHaveTextContent('still');
    fireEvent.change(company, { target: { value: 'Brightside Opticians' } });
    expect(logo).toHaveTextContent(
      'The company is now “Brightside Opticians”, but this is still SmileCraft Dental Clinic’s logo: choose the new company’s.',
    );
    expect(within(logo).getByRole('button', { name: /^Change image/ })).toHaveAccessibleDescription(/still SmileCraft/);
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
