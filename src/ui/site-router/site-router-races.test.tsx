import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryHistory } from './history.ts';
import { useLoaderData, useLocation, useRevalidator } from './hooks.ts';
import { Link } from './link.tsx';
import { PrefetchedPages, prefetchedForMs } from './navigation.ts';
import type { SiteRoute } from './route.ts';
import { Outlet, SiteRouter } from './site-router.tsx';

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Layout() {
  const { revalidate } = useRevalidator();
  return (
    <>
      <Link to="/a">Page A</Link>
      <Link to="/b">Page B</Link>
      <button type="button" onClick={() => void revalidate()}>
        Refresh
      </button>
      <p>At {useLocation().pathname}</p>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const Shown = () => <h1>{`Showing ${String(useLoaderData())}`}</h1>;

describe('SiteRouter’s races', () => {
  it('lets the latest click win when the first page’s loader answers last', async () => {
    const slowA = withResolvers<string>();
    const routes: SiteRoute[] = [
      { path: '/', loader: () => 'home', Component: Shown },
      { path: '/a', loader: () => slowA.promise, Component: Shown },
      { path: '/b', loader: () => 'data of B', Component: Shown },
    ];
    const history = memoryHistory('/');
    render(<SiteRouter table={{ routes, Layout }} history={history} />);
    await screen.findByRole('heading', { name: 'Showing home' });
    await userEvent.click(screen.getByRole('link', { name: 'Page A' }));
    await userEvent.click(screen.getByRole('link', { name: 'Page B' }));
    await screen.findByRole('heading', { name: 'Showing data of B' });
    await act(async () => slowA.resolve('data of A'));
    expect(screen.getByRole('heading', { name: 'Showing data of B' })).toBeInTheDocument();
    expect(screen.getByText('At /b')).toBeInTheDocument();
    expect(history.entries).toEqual(['http://localhost/', 'http://localhost/b']);
  });

  it('never lets a revalidation cancel a navigation, nor put the old page’s data under the new address', async () => {
    const revalidated = withResolvers<string>();
    const slowB = withResolvers<string>();
    let homeLoads = 0;
    const routes: SiteRoute[] = [
      {
        path: '/',
        loader: () => ((homeLoads += 1) === 1 ? 'home' : revalidated.promise),
        Component: Shown,
      },
      { path: '/b', loader: () => slowB.promise, Component: Shown },
    ];
    const history = memoryHistory('/');
    render(<SiteRouter table={{ routes, Layout }} history={history} />);
    await screen.findByRole('heading', { name: 'Showing home' });
    await userEvent.click(screen.getByRole('link', { name: 'Page B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(async () => slowB.resolve('data of B'));
    await screen.findByRole('heading', { name: 'Showing data of B' });
    await act(async () => revalidated.resolve('fresh home'));
    expect(screen.getByRole('heading', { name: 'Showing data of B' })).toBeInTheDocument();
    expect(screen.getByText('At /b')).toBeInTheDocument();
  });

  it('uses the page fetched on intent for the click, without running the loader again', async () => {
    let loads = 0;
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home</h1> },
      { path: '/a', loader: () => `load ${(loads += 1)}`, Component: Shown },
    ];
    render(<SiteRouter table={{ routes, Layout }} history={memoryHistory('/')} />);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: 'Page A' }));
    await waitFor(() => expect(loads).toBe(1));
    await user.click(screen.getByRole('link', { name: 'Page A' }));
    await screen.findByRole('heading', { name: 'Showing load 1' });
    expect(loads).toBe(1);
  });
});

describe('PrefetchedPages', () => {
  const routes: SiteRoute[] = [{ path: '/a', loader: () => 'data', Component: Shown }];

  it('hands a page to the click once, and not after it has expired', async () => {
    let now = 0;
    const pages = new PrefetchedPages(routes, () => now);
    pages.fetch(new URL('http://site/a'));
    const taken = await pages.take(new URL('http://site/a#top'));
    expect(taken?.loaderData).toBe('data');
    expect(taken?.location.hash).toBe('#top');
    expect(pages.take(new URL('http://site/a'))).toBeUndefined();

    pages.fetch(new URL('http://site/a'));
    now += prefetchedForMs;
    expect(pages.take(new URL('http://site/a'))).toBeUndefined();
  });

  it('keeps no failed page for the click', async () => {
    const failing: SiteRoute[] = [
      {
        path: '/a',
        loader: () => {
          throw new Error('offline');
        },
      },
    ];
    const pages = new PrefetchedPages(failing);
    pages.fetch(new URL('http://site/a'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages.take(new URL('http://site/a'))).toBeUndefined();
  });
});
