import {
  hydrate,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { serverState } from '@/ui/server-state.ts';
import { serverPageScope, type PageReads } from './page-reads.ts';

let browserClient: QueryClient | undefined;

/**
 * The browser's one query client, made when the first route with API data renders and filled with the data the
 * server rendered that page with, so hydration matches and nothing is fetched again.
 */
function queryClient(): QueryClient {
  if (!browserClient) {
    // A failure that came with the server's render stays until refetched on purpose: retrying on mount would
    // turn the server's "Blog Not Found" into "Loading..." during hydration.
    browserClient = new QueryClient({
      defaultOptions: { queries: { staleTime: 60_000, retry: 1, retryOnMount: false } },
    });
    const queries = serverState()?.queries;
    if (queries) hydrate(browserClient, queries as DehydratedState);
  }
  return browserClient;
}

/**
 * Where a route's loader loads the data its page shows: into the server's query client with the server's reads when
 * the server renders the page, otherwise into the browser's client through the API.
 */
export function loaderScope(request: Request): { queryClient: QueryClient; reads?: PageReads } {
  return serverPageScope(request) ?? { queryClient: queryClient() };
}

/**
 * Gives a route's component the query client. The data-fetching library is part of the routes that fetch, not of
 * the app's entry: a page without API data never downloads it. Under a client given from outside (the server's
 * per-request one, a test's) it adds nothing.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    const given = useContext(QueryClientContext);
    if (given) return <Component {...props} />;
    return (
      <QueryClientProvider client={queryClient()}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
