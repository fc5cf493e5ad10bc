import { deferSection, undeferSection } from './section-boundary/section-hydration.ts';

/** How far below the fold a section starts loading its code: about half a phone screen of scrolling ahead. */
const margin = '400px 0px';

/**
 * Resolves once the element with this id (server markup the browser is hydrating) is on screen or close to it. On
 * the server, without the element (a page rendered in the browser) or without IntersectionObserver, at once. While it
 * waits, the section counts as deferred, so the app's started mark does not wait for a section nobody has seen.
 */
export function nearView(id: string): Promise<void> {
  if (typeof document === 'undefined') return alreadyThere;
  // One promise per element, so that React, retrying a suspended render, finds the promise it waited for; another
  // page's element of the same id (after a navigation) gets its own.
  const element = document.getElementById(id);
  const known = byId.get(id);
  if (known?.element === element) return known.promise;
  const promise = element ? untilNearView(id, element) : alreadyThere;
  byId.set(id, { element, promise });
  return promise;
}

/** Already fulfilled, as React's `use` reads it: rendered at once, without suspending. */
const alreadyThere: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
const byId = new Map<string, { element: HTMLElement | null; promise: Promise<void> }>();

function untilNearView(id: string, element: HTMLElement): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return alreadyThere;
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
