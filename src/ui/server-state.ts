/** What the server wrote into the page's JSON data block: the router's state and the fetched data, if any. */
export interface ServerState {
  router?: unknown;
  queries?: unknown;
}

let read: ServerState | null | undefined;

/**
 * The state block of the page the browser opened with, parsed once: the entry reads the router's part, and the
 * data-fetching chunk, which only pages with API data load, reads the queries.
 */
export function serverState(): ServerState | null {
  if (read === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById('app-state');
    read = element ? (JSON.parse(element.textContent || '{}') as ServerState) : null;
  }
  return read;
}
