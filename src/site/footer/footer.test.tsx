import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/ui/site-router/memory-router.tsx';
import { Footer, siteSectionsId } from './footer.tsx';

function renderFooter() {
  render(
    <MemoryRouter url="/">
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Footer' });
}

/** The links of the footer's column under this heading, as label and address. */
function column(nav: HTMLElement, heading: string): [string, string | null][] {
  const list = within(nav).getByRole('heading', { name: heading }).nextElementSibling as HTMLElement;
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

describe('Footer', () => {
  it('lists every main section of the header, first, where the phone menu leads without scripts', () => {
    const nav = renderFooter();
    expect(column(nav, 'Explore')).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Services', '/service'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
      ['Work With Us', '/work-with-us'],
    ]);
    const sections = document.getElementById(siteSectionsId);
    expect(sections).toContainElement(within(nav).getByRole('heading', { name: 'Explore' }));
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Explore', 'Services', 'Support', 'Legal']);
  });

  it('words the Support column as the specification does: Contact us and Career', () => {
    const nav = renderFooter();
    const support = column(nav, 'Support');
    expect(support).toContainEqual(['Contact us', '/contact']);
    expect(support).toContainEqual(['Career', '/work-with-us']);
    expect(support.map(([label]) => label)).not.toContain('Work With Us');
  });
});
