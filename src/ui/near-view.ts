import { deferSection, undeferSection } from './section-boundary/section-hydration.ts';

/** How far below the fold a section starts loading its code: about half a phone screen of scrolling ahead. */
const margin = '400px 0px';

/**
 * A promise that resolves once the element with this id (server markup the browser is hydrating) is on screen or
 * close to it; none when there is nothing to wait for: on the server, without the element (a page rendered in the
 * browser) or without IntersectionObserver. While it waits, the section counts as deferred, so the app's started
 * mark does not wait for a section nobody has seen.
 */
export function nearView(id: string): Promise<void> | undefined {
  if (typeof document === 'undefined') return undefined;
  // One promise per element, so that React, retrying a suspended render, finds the promise it waited for; another
  // page's element of the same id (after a navigation) gets its own.
  const element = document.getElementById(id);
  const known = byId.get(id);
  if (known?.element === element) return known.promise;
  const promise = element ? untilNearView(id, element) : undefined;
  byId.set(id, { element, promise });
  return promise;
}

const byId = new Map<string, { element: HTMLElement | null; promise: Promise<void> | undefined }>();

function untilNearView(id: string, element: HTMLElement): Promise<void> | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          undeferSection(id);
          resolve();
        } else deferSection(id);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}
