import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { memoryHistory } from '@/ui/site-router/history.ts';
import type { SiteRoute } from '@/ui/site-router/route.ts';
import { SiteRouter } from '@/ui/site-router/site-router.tsx';
import { RootLayout } from './root-layout.tsx';

const renders = vi.hoisted(() => ({ footer: 0 }));

vi.mock('@/site/footer/footer.tsx', async (importOriginal) =>
  (await import('@/site/footer/testing/counted-footer.ts')).countedFooter(importOriginal, renders),
);

const routes: SiteRoute[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/about', element: <h1>About page</h1> },
];

describe('RootLayout', () => {
  it('renders the footer once, not again on each move through the site, while the header follows the page', async () => {
    render(<SiteRouter table={{ routes, Layout: RootLayout }} history={memoryHistory('/')} />);
    const header = screen.getByRole('banner');
    expect(renders.footer).toBe(1);

    await userEvent.click(within(header).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About page' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    // The footer's own links still lead through the router, to the page now on screen included.
    const footer = screen.getByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(renders.footer).toBe(1);
  });
});
