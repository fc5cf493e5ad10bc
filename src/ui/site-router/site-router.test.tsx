import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserHistory, memoryHistory } from './history.ts';
import { useLoaderData, useLocation, useNavigationType, useParams, useRevalidator, useRouteError } from './hooks.ts';
import { Link, NavLink } from './link.tsx';
import { isRouteErrorResponse } from './route-error.ts';
import type { SiteRoute } from './route.ts';
import { Outlet, SiteRouter } from './site-router.tsx';

function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <nav aria-label="Main">
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/blog">Blog</NavLink>
        <Link to="/blogs/one">Post one</Link>
        <Link to="/admin">Admin</Link>
      </nav>
      <p>
        At {pathname}, by {useNavigationType()}
      </p>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function Post() {
  const { slug } = useParams();
  return <h1>{`Post ${slug} with ${String(useLoaderData())}`}</h1>;
}

function Failure() {
  const error = useRouteError();
  return <h1>{isRouteErrorResponse(error) ? `Status ${error.status}` : `Failed: ${(error as Error).message}`}</h1>;
}

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('SiteRouter', () => {
  it('follows a link once the route’s chunk and loader are in, keeping the old page until then', async () => {
    const chunk = withResolvers<{ Component: typeof Post; loader: () => string }>();
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/blogs/:slug', lazy: () => chunk.promise },
    ];
    const history = memoryHistory('/');
    render(<SiteRouter table={{ routes, Layout }} history={history} />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Post one' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(history.entries).toHaveLength(1);

    await act(async () => chunk.resolve({ Component: Post, loader: () => 'data' }));
    expect(await screen.findByRole('heading', { name: 'Post one with data' })).toBeInTheDocument();
    expect(screen.getByText('At /blogs/one, by PUSH')).toBeInTheDocument();
    expect(history.entries.at(-1)).toBe('http://localhost/blogs/one');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('link', { name: 'Post one' }));
    expect(await screen.findByText('At /blogs/one, by REPLACE')).toBeInTheDocument();
    expect(history.entries).toEqual(['http://localhost/', 'http://localhost/blogs/one']);
  });

  it('marks a section’s link current on the pages under it, and home only on home', () => {
    const routes: SiteRoute[] = [{ path: '/blog/tag/:name', element: <h1>Tag</h1> }];
    render(<SiteRouter table={{ routes, Layout }} history={memoryHistory('/blog/tag/seo')} />);
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('leaves a link it does not know (the admin), and a click with a modifier key, to the browser', async () => {
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/blogs/:slug', element: <h1>Post</h1> },
    ];
    const history = memoryHistory('/');
    const leave = vi.spyOn(history, 'leave');
    render(<SiteRouter table={{ routes, Layout }} history={history} />);
    const followed: string[] = [];
    const notePlainFollow = (event: MouseEvent) => {
      if (!event.defaultPrevented) followed.push((event.target as HTMLAnchorElement).getAttribute('href')!);
      event.preventDefault();
    };
    document.addEventListener('click', notePlainFollow);
    const user = userEvent.setup();
    try {
      await user.click(screen.getByRole('link', { name: 'Admin' }));
      await user.keyboard('{Control>}');
      await user.click(screen.getByRole('link', { name: 'Post one' }));
      await user.keyboard('{/Control}');
    } finally {
      document.removeEventListener('click', notePlainFollow);
    }
    expect(followed).toEqual(['/admin', '/blogs/one']);
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows the error element for a loader’s 404 and for a page that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('broken page');
    };
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/blogs/:slug', Component: Broken },
      {
        path: '*',
        loader: () => {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <SiteRouter table={{ routes, Layout, errorElement: <Failure /> }} history={memoryHistory('/no-such-page')} />,
    );
    expect(await screen.findByRole('heading', { name: 'Status 404' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Post one' }));
    expect(await screen.findByRole('heading', { name: 'Failed: broken page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('goes back and forward with the browser’s history, as POP', async () => {
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/blogs/:slug', Component: Post, loader: () => 'data' },
    ];
    render(<SiteRouter table={{ routes, Layout }} history={browserHistory()} />);
    await userEvent.click(screen.getByRole('link', { name: 'Post one' }));
    expect(await screen.findByRole('heading', { name: 'Post one with data' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/blogs/one');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText('At /, by POP')).toBeInTheDocument();
  });

  it('goes forward again before the page it went back to has loaded, and stays there', async () => {
    const secondHome = withResolvers<string>();
    let homeLoads = 0;
    const routes: SiteRoute[] = [
      { path: '/', element: <h1>Home page</h1>, loader: () => (homeLoads++ === 0 ? 'first' : secondHome.promise) },
      { path: '/blogs/:slug', Component: Post, loader: () => 'data' },
    ];
    // jsdom moves through history in a task of its own: wait for its popstate, however busy the machine.
    const turn = (move: () => void) =>
      act(async () => {
        const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
        move();
        await moved;
      });
    render(<SiteRouter table={{ routes, Layout }} history={browserHistory()} />);
    await userEvent.click(await screen.findByRole('link', { name: 'Post one' }));
    expect(await screen.findByRole('heading', { name: 'Post one with data' })).toBeInTheDocument();

    await turn(() => window.history.back());
    expect(window.location.pathname).toBe('/');
    await turn(() => window.history.forward());
    expect(window.location.pathname).toBe('/blogs/one');
    await act(async () => secondHome.resolve('second'));

    expect(await screen.findByText('At /blogs/one, by POP')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Post one with data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('runs the loader again on revalidate, for the same page', async () => {
    let calls = 0;
    function Count() {
      const { state, revalidate } = useRevalidator();
      return (
        <button type="button" onClick={() => void revalidate()}>
          {`Loaded ${String(useLoaderData())} times, ${state}`}
        </button>
      );
    }
    const routes: SiteRoute[] = [{ path: '/', Component: Count, loader: () => (calls += 1) }];
    render(<SiteRouter table={{ routes }} history={memoryHistory('/')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Loaded 1 times, idle' }));
    expect(await screen.findByRole('button', { name: 'Loaded 2 times, idle' })).toBeInTheDocument();
  });
});

describe('Link outside a router', () => {
  it('is a plain link (a section shown in the admin)', () => {
    render(<Link to="/seo">SEO</Link>);
    expect(screen.getByRole('link', { name: 'SEO' })).toHaveAttribute('href', '/seo');
  });
});
