/** The Network Information API's part we read (Chromium): absent elsewhere, where links in view wait for intent. */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Links in view are fetched ahead only when it costs the visitor nothing they asked to save: no Save-Data, no 2G. */
export function connectionAllowsPrefetch(): boolean {
  const connection = (navigator as { connection?: Connection }).connection;
  if (!connection) return false;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : setTimeout(callback, 1);

function observerOfLinks(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const fetch = waiting.get(entry.target);
      waiting.delete(entry.target);
      observer!.unobserve(entry.target);
      if (fetch) whenIdle(fetch);
    }
  });
  return observer;
}

/**
 * Calls `fetch` once when the link comes into view, if the connection allows, in the browser's idle time only (a
 * route chunk is evaluated as it arrives: never forced into busy time); returns the stop.
 */
export function prefetchInView(link: Element, fetch: () => void): () => void {
  if (typeof IntersectionObserver !== 'function' || !connectionAllowsPrefetch()) return () => undefined;
  waiting.set(link, fetch);
  observerOfLinks().observe(link);
  return () => {
    waiting.delete(link);
    observer?.unobserve(link);
  };
}
