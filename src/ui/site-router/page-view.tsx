import { Activity, Component, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { PrerenderContext, RouteContext, RouterContext, type NavigationType, type RouteState } from './context.ts';
import type { RouterState } from './context.ts';
import { useRouteError } from './hooks.ts';
import type { Page, SiteLocation } from './load-page.ts';

function DefaultErrorElement() {
  const error = useRouteError();
  return (
    <section>
      <h1>Unexpected Application Error!</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </section>
  );
}

export const defaultErrorElement = <DefaultErrorElement />;

interface BoundaryProps {
  location: SiteLocation;
  route: RouteState;
  errorElement: ReactNode;
  children: ReactNode;
}

/** Shows the error element for what a page throws while rendering; the next location tries the page again. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: SiteLocation }> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: SiteLocation }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page could not be rendered', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RouteContext value={{ ...this.props.route, error: this.state.error }}>{this.props.errorElement}</RouteContext>
    );
  }
}

/** The route's page with its data; its content element is kept while the page is the same, so a re-render stops here. */
function PageView({ page, errorElement }: { page: Page; errorElement: ReactNode }) {
  const { route, params, loaderData, error } = page;
  const routeState = useMemo(() => ({ params, loaderData, error }), [params, loaderData, error]);
  const content = useMemo(() => {
    if (error !== null || !route) return errorElement;
    return route.Component ? <route.Component /> : (route.element ?? null);
  }, [route, error, errorElement]);
  return (
    <RouteContext value={routeState}>
      <RouteErrorBoundary location={page.location} route={routeState} errorElement={errorElement}>
        {content}
      </RouteErrorBoundary>
    </RouteContext>
  );
}

/** What the router gives every page besides its location: the same object while nothing of it changes. */
export type RouterActions = Omit<RouterState, 'location' | 'navigationType'>;

interface PageSlotProps {
  page: Page;
  navigationType: NavigationType;
  router: RouterActions;
  errorElement: ReactNode;
  /**
   * Rendered ahead and not shown (`<Activity mode="hidden">`: no effects, no head elements), or shown. Undefined for
   * the first page, which the server rendered without an Activity boundary and which is never rendered ahead.
   */
  hidden?: boolean;
}

/**
 * One page in the layout's outlet, with the router as it will be on that page. A page rendered ahead while the
 * pointer rests on its link keeps its fiber (the same key) when the click shows it: React then only reveals it.
 */
export function PageSlot({ page, navigationType, router, errorElement, hidden }: PageSlotProps) {
  const state = useMemo(
    () => ({ ...router, location: page.location, navigationType }),
    [router, page.location, navigationType],
  );
  const view = (
    <RouterContext value={state}>
      <PageView page={page} errorElement={errorElement} />
    </RouterContext>
  );
  if (hidden === undefined) return view;
  return (
    <Activity mode={hidden ? 'hidden' : 'visible'}>
      <PrerenderContext value={hidden}>{view}</PrerenderContext>
    </Activity>
  );
}
