import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { memoryHistory } from '@/ui/site-router/history.ts';
import type { SiteRoute } from '@/ui/site-router/route.ts';
import { SiteRouter } from '@/ui/site-router/site-router.tsx';

/** Renders routes at a URL with a fresh query client that does not retry, as a user would meet them. */
export function renderRoutes(routes: SiteRoute[], url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const history = memoryHistory(url);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SiteRouter table={{ routes }} history={history} />
    </QueryClientProvider>,
  );
  return { ...view, history, queryClient };
}
