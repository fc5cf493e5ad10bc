import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryHistory } from './history.ts';
import { useLoaderData, useLocation, usePrerendering } from './hooks.ts';
import { hoverIntentMs, Link } from './link.tsx';
import type { SiteRoute } from './route.ts';
import { Outlet, prerenderKeptMs, SiteRouter } from './site-router.tsx';

function Layout() {
  return (
    <>
      <Link to="/a">Page A</Link>
      <Link to="/b">Page B</Link>
      <Link to="/">Home</Link>
      <p>At {useLocation().pathname}</p>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** What a page does when it shows: an effect (the page-view beacon, a carousel) and a title in the head. */
const effects: string[] = [];
function Shown() {
  const data = String(useLoaderData());
  const { pathname } = useLocation();
  const prerendering = usePrerendering();
  useEffect(() => {
    effects.push(`shown ${pathname}`);
  }, [pathname]);
  return (
    <section>
      {!prerendering && <title>{`Title of ${pathname}`}</title>}
      <h1>{`Showing ${data} at ${pathname}`}</h1>
    </section>
  );
}

/** The page rendered ahead: in the document but hidden, which is what `queryByRole` leaves out. */
const hiddenHeading = (name: string) => screen.queryByRole('heading', { name, hidden: true });

afterEach(() => {
  effects.length = 0;
  document.title = '';
  vi.useRealTimers();
});

function setup(routes: SiteRoute[]) {
  const history = memoryHistory('/');
  render(<SiteRouter table={{ routes, Layout }} history={history} />);
  const advanceTimers = (ms: number) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms));
  return { history, user: userEvent.setup({ advanceTimers }) };
}

describe('SiteRouter’s pages rendered ahead', () => {
  it('renders the page the pointer rests on hidden, without its effects or title, and shows it on the click', async () => {
    let loads = 0;
    const { history, user } = setup([
      { path: '/', element: <h1>Home</h1> },
      { path: '/a', loader: () => `load ${(loads += 1)}`, Component: Shown },
    ]);
    await user.hover(screen.getByRole('link', { name: 'Page A' }));
    await waitFor(() => expect(hiddenHeading('Showing load 1 at /a')).toBeInTheDocument());
    // Hidden: not in the accessibility tree, its effects not run, the document's title untouched, the address the same.
    expect(screen.queryByRole('heading', { name: 'Showing load 1 at /a' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeVisible();
    expect(effects).toEqual([]);
    expect(document.title).toBe('');
    expect(history.entries).toEqual(['http://localhost/']);
    const rendered = hiddenHeading('Showing load 1 at /a');

    await user.click(screen.getByRole('link', { name: 'Page A' }));
    const heading = screen.getByRole('heading', { name: 'Showing load 1 at /a' });
    // The same element, now shown: the click rendered nothing new, and the loader ran once.
    expect(heading).toBe(rendered);
    expect(heading).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Home', hidden: true })).toBeNull();
    expect(screen.getByText('At /a')).toBeInTheDocument();
    expect(history.entries).toEqual(['http://localhost/', 'http://localhost/a']);
    expect(effects).toEqual(['shown /a']);
    expect(document.title).toBe('Title of /a');
    expect(loads).toBe(1);
  });

  it('keeps one page ahead at most: the last link the pointer rested on', async () => {
    const { user } = setup([
      { path: '/', element: <h1>Home</h1> },
      { path: '/a', loader: () => 'A', Component: Shown },
      { path: '/b', loader: () => 'B', Component: Shown },
    ]);
    await user.hover(screen.getByRole('link', { name: 'Page A' }));
    await waitFor(() => expect(hiddenHeading('Showing A at /a')).toBeInTheDocument());
    await user.hover(screen.getByRole('link', { name: 'Page B' }));
    await waitFor(() => expect(hiddenHeading('Showing B at /b')).toBeInTheDocument());
    expect(hiddenHeading('Showing A at /a')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Page B' }));
    expect(screen.getByRole('heading', { name: 'Showing B at /b' })).toBeVisible();
  });

  it('drops the page a while after the pointer has left, and renders nothing for a pass over the link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup([
      { path: '/', element: <h1>Home</h1> },
      { path: '/a', loader: () => 'A', Component: Shown },
    ]);
    const link = screen.getByRole('link', { name: 'Page A' });
    await user.hover(link);
    await user.unhover(link);
    await act(async () => vi.advanceTimersByTime(hoverIntentMs * 2));
    expect(hiddenHeading('Showing A at /a')).toBeNull();

    await user.hover(link);
    await waitFor(() => expect(hiddenHeading('Showing A at /a')).toBeInTheDocument());
    await user.unhover(link);
    await act(async () => vi.advanceTimersByTime(prerenderKeptMs / 2));
    expect(hiddenHeading('Showing A at /a')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(prerenderKeptMs));
    expect(hiddenHeading('Showing A at /a')).toBeNull();
  });

  it('renders ahead neither a page whose loader failed nor the page on screen', async () => {
    const { user } = setup([
      { path: '/', loader: () => 'home', Component: Shown },
      {
        path: '/a',
        loader: () => {
          throw new Error('offline');
        },
        Component: Shown,
      },
    ]);
    await screen.findByRole('heading', { name: 'Showing home at /' });
    await user.hover(screen.getByRole('link', { name: 'Page A' }));
    await user.hover(screen.getByRole('link', { name: 'Home' }));
    await new Promise((resolve) => setTimeout(resolve, hoverIntentMs * 3));
    expect(screen.getAllByRole('heading', { hidden: true }).map((heading) => heading.textContent)).toEqual([
      'Showing home at /',
    ]);
  });
});
