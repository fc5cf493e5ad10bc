/** Where the router reads and writes the address: the browser's history, or one in memory (tests, the server). */
export interface SiteHistory {
  location(): URL;
  /** The key of the current entry, kept in its state: back and forward find each entry's scroll position by it. */
  key(): string | undefined;
  push(href: string, key: string): void;
  replace(href: string, key: string): void;
  /** Calls back when the visitor goes back or forward; returns the unsubscribe. */
  listen(onPop: () => void): () => void;
  /** Leaves the app for a page the router does not know: a full page load. */
  leave(href: string): void;
}

const keyOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as { key?: unknown }).key === 'string'
    ? (state as { key: string }).key
    : undefined;

export function browserHistory(): SiteHistory {
  return {
    location: () => new URL(window.location.href),
    key: () => keyOf(window.history.state),
    push(href, key) {
      // The router puts back each entry's scroll position itself, once that entry's page has rendered: the browser
      // would restore it before, on the page still on screen. Entries pushed from this one keep the setting.
      window.history.scrollRestoration = 'manual';
      window.history.pushState({ key }, '', href);
    },
    replace: (href, key) => window.history.replaceState({ key }, '', href),
    listen(onPop) {
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    leave: (href) => window.location.assign(href),
  };
}

/** A history of one tab in memory, starting at `url`: what tests and the server's render use. */
export function memoryHistory(url: string, origin = 'http://localhost'): SiteHistory & { entries: string[] } {
  const entries = [new URL(url, origin).href];
  const keys: (string | undefined)[] = [undefined];
  return {
    entries,
    location: () => new URL(entries.at(-1)!),
    key: () => keys.at(-1),
    push(href, key) {
      entries.push(new URL(href, entries.at(-1)).href);
      keys.push(key);
    },
    replace(href, key) {
      entries[entries.length - 1] = new URL(href, entries.at(-1)).href;
      keys[keys.length - 1] = key;
    },
    listen: () => () => undefined,
    leave(href) {
      entries.push(new URL(href, entries.at(-1)).href);
      keys.push(undefined);
    },
  };
}
