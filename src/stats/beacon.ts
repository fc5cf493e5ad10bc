/**
 * Counts page views (../shared/DESIGN.md "Stats"): one beacon to /api/collect per page, with its path, the referrer and the
 * address's utm_* parameters, sent once the page has loaded and been painted and the browser is idle, and again on
 * every client-side navigation. No cookie, no storage: the server tells visitors apart by a hash that changes every
 * day.
 */
import { browserIdle, loadedAndPainted } from '../ui/page-timing.ts';

const utmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

export function countPageViews(): void {
  if (!navigator.sendBeacon) return;
  let counted = '';
  let referrer = document.referrer;
  const send = () => {
    const path = location.pathname;
    if (path === counted) return;
    counted = path;
    const view: Record<string, string> = { path: path.slice(0, 2000) };
    // The site's own pages are no source: only the first view carries the referrer.
    if (referrer) view.referrer = referrer.slice(0, 2000);
    referrer = '';
    const query = new URLSearchParams(location.search);
    for (const field of utmFields) {
      const value = query.get(field);
      if (value) view[field] = value.slice(0, 200);
    }
    navigator.sendBeacon('/api/collect', JSON.stringify(view));
  };
  const later = () => void browserIdle(2000).then(send);
  // The router moves between pages with pushState, which no event announces; back and forward fire popstate.
  const pushState = history.pushState;
  history.pushState = function (...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    later();
  };
  window.addEventListener('popstate', later);
  void loadedAndPainted().then(later);
}
