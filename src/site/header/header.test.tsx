import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/ui/site-router/memory-router.tsx';
import { Header } from './header.tsx';

function renderHeader(path = '/') {
  return render(
    <MemoryRouter url={path}>
      <Header />
    </MemoryRouter>,
  );
}

describe('Header', () => {
  it('links the logo home and shows the six navigation links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Northbeam home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = ['Home', 'About', 'Services', 'Blog', 'Contact', 'Work With Us'];
    for (const label of labels) expect(nav).toContainElement(screen.getByRole('link', { name: label }));
  });

  it('marks the current page', () => {
    renderHeader('/about');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/seo', 'Services'],
    ['/impact-campaings', 'Services'],
    ['/video-shoots', 'Services'],
    ['/blogs/any-post', 'Blog'],
    ['/automation-to-ai', 'Blog'],
    ['/seo-for-bussiness', 'Blog'],
  ])('marks the section of %s: %s', (path, label) => {
    renderHeader(path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const marked = [...nav.querySelectorAll('a[aria-current]')];
    expect(marked.map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([[label, 'true']]);
  });

  it('marks no section on a page that has none', () => {
    renderHeader('/privacy-policy');
    expect(screen.getByRole('navigation', { name: 'Main' }).querySelectorAll('a[aria-current]')).toHaveLength(0);
  });

  it('offers the brochure as a download', () => {
    renderHeader();
    const brochure = screen.getByRole('link', { name: /Brochure/ });
    expect(brochure).toHaveAttribute('href', '/brochure/northbeam-brochure.pdf');
    expect(brochure).toHaveAttribute('download', 'northbeam-brochure.pdf');
  });

  it('toggles the menu and locks page scrolling while it is open', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: /menu/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Menu');
    expect(document.body).toHaveClass('scroll-locked');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes the menu on Escape and when a link is followed', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: /menu/i });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');
  });
});
