/**
 * The router's navigation events, on the window: a page the router has shown (after a click, back or forward). The
 * page's first script subscribes before the app has loaded (the page-view beacon), so the two share an event name,
 * not a module instance; nothing patches `history`.
 */
const navigatedEvent = 'site:navigated';

export interface NavigatedDetail {
  pathname: string;
  search: string;
}

/** Says that the router has rendered a new page at this location. */
export function dispatchNavigated(detail: NavigatedDetail): void {
  window.dispatchEvent(new CustomEvent<NavigatedDetail>(navigatedEvent, { detail }));
}

/** Calls back after each page the router renders; returns the unsubscribe. */
export function onNavigated(listener: (detail: NavigatedDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<NavigatedDetail>).detail);
  window.addEventListener(navigatedEvent, handle);
  return () => window.removeEventListener(navigatedEvent, handle);
}
