/**
 * Resolves once the page has loaded and its first content has been painted: what starts then (the app's downloads,
 * the page-view beacon) never competes with first paint. The load event alone is not enough: a small page on a fast
 * connection loads before it paints. A hidden page (a tab opened in the background) paints nothing until it is
 * shown, and a browser without paint timing reports nothing: neither waits for a paint.
 */
export function loadedAndPainted(): Promise<void> {
  return Promise.all([loaded(), firstContentfulPaint()]).then(() => undefined);
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function firstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const supported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported || painted() || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
  });
}

/**
 * Resolves when the browser is idle, or after `timeoutMs` at the latest, so that work which can wait (the app, the
 * page-view beacon) does not delay input or animation; at once, in a task of its own, without requestIdleCallback.
 */
export function browserIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
