import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryHistory } from '@/ui/site-router/history.ts';
import { Link } from '@/ui/site-router/link.tsx';
import type { SiteRoute } from '@/ui/site-router/route.ts';
import { Outlet, SiteRouter } from '@/ui/site-router/site-router.tsx';
import { loadChunk } from './chunk.ts';
import { RouteErrorScreen } from './error-screen.tsx';

function Layout() {
  return (
    <>
      <Link to="/blogs/one">A post</Link>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const routes: SiteRoute[] = [
  { path: '/', element: <h1>Home page</h1> },
  {
    path: '/blogs/:slug',
    lazy: () =>
      loadChunk('blog-post', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
  },
  {
    path: '*',
    loader: () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    },
  },
];

const renderAt = (url: string) =>
  render(<SiteRouter table={{ routes, Layout, errorElement: <RouteErrorScreen /> }} history={memoryHistory(url)} />);

describe('RouteErrorScreen', () => {
  it('says the first page’s chunk could not be downloaded, with a way to reload', async () => {
    renderAt('/blogs/one');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Loading chunk blog-post failed.')).toBeInTheDocument();
    expect(screen.getByText(/could not be downloaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('leaves for a full page load when a link’s chunk could not be downloaded', async () => {
    const history = memoryHistory('/');
    render(<SiteRouter table={{ routes, Layout, errorElement: <RouteErrorScreen /> }} history={history} />);
    await userEvent.click(screen.getByRole('link', { name: 'A post' }));
    await waitFor(() => expect(history.entries.at(-1)).toBe('http://localhost/blogs/one'));
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows the not-found page for a path no route has', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'We couldn’t find that page' })).toBeInTheDocument();
  });
});
