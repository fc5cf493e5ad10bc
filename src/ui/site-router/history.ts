/** Where the router reads and writes the address: the browser's history, or one in memory (tests, the server). */
export interface SiteHistory {
  location(): URL;
  push(href: string): void;
  replace(href: string): void;
  /** Calls back when the visitor goes back or forward; returns the unsubscribe. */
  listen(onPop: () => void): () => void;
  /** Leaves the app for a page the router does not know: a full page load. */
  leave(href: string): void;
}

export function browserHistory(): SiteHistory {
  return {
    location: () => new URL(window.location.href),
    push: (href) => window.history.pushState(null, '', href),
    replace: (href) => window.history.replaceState(null, '', href),
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
  return {
    entries,
    location: () => new URL(entries.at(-1)!),
    push: (href) => void entries.push(new URL(href, entries.at(-1)).href),
    replace(href) {
      entries[entries.length - 1] = new URL(href, entries.at(-1)).href;
    },
    listen: () => () => undefined,
    leave: (href) => void entries.push(new URL(href, entries.at(-1)).href),
  };
}
