/**
 * Counts page views: one beacon to /api/collect per page, with its path, the referrer and the
 * address's utm_* parameters, sent once the page has loaded and been painted and the browser is idle, and again on
 * every client-side navigation. No cookie, no storage: the server tells visitors apart by a hash that changes every
 * day.
 */
import { browserIdle, loadedAndPainted } from '../ui/page-timing.ts';
import { onNavigated } from '../ui/site-router/navigation-events.ts';

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
  // Every page the router shows, after a click or back and forward, once it has rendered.
  onNavigated(later);
  void loadedAndPainted().then(later);
}
