import type {} from '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// The admin writes times in the browser's zone: tests read them in one known zone, whatever the machine's.
process.env.TZ = 'UTC';

// Files that need no DOM run in Node (`// @vitest-environment node` at their top), without jsdom's cost.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(cleanup);
  // How long findBy… and waitFor wait for what a test expects: React Testing Library's 1 s is less than a render after
  // a fake answer can take on two cores shared with the browser and PostgreSQL passes (sign-in-link's second sign-in
  // timed out at a load of 14). A passing wait ends as soon as the element is there; only a failure waits longer.
  configure({ asyncUtilTimeout: 5000 });

  // jsdom lacks the observers and media queries that the carousel (embla) relies on.
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(globalThis, { ResizeObserver: NoopObserver, IntersectionObserver: NoopObserver });
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => {};

  // jsdom does no layout; ProseMirror (the post editor) asks where things are to scroll the cursor into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= noRects;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  document.elementFromPoint ??= () => null;
}
