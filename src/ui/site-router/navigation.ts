import { loadPage, locationOf, type Page } from './load-page.ts';
import type { SiteRoute } from './route.ts';

/** Where a location is, for the router: its path and query (a change of the hash alone is the browser's scrolling). */
export const placeOf = (url: { pathname: string; search: string }) => url.pathname + url.search;

/**
 * Only the latest navigation goes on: starting one aborts the one before (its loader's request signal) and any
 * revalidation, whose data is of the page being left. It also knows where the visitor is headed, which is not the
 * page on screen while a navigation loads or its transition renders: back then forward at once must go forward, not
 * stay on the page that the back navigation then shows.
 */
export class LatestNavigation {
  #controller: AbortController | null = null;
  #revalidation: AbortController | null = null;
  #target: string;
  /** Counts navigations started: a revalidation that saw another start keeps its data to itself. */
  generation = 0;

  constructor(target: string) {
    this.#target = target;
  }

  start(url: URL): AbortController {
    this.#controller?.abort();
    this.#revalidation?.abort();
    this.#controller = new AbortController();
    this.#target = placeOf(url);
    this.generation += 1;
    return this.#controller;
  }

  /** A revalidation never aborts a navigation: only the one before it. */
  revalidation(): AbortController {
    this.#revalidation?.abort();
    this.#revalidation = new AbortController();
    return this.#revalidation;
  }

  headsFor(url: URL): boolean {
    return this.#target === placeOf(url);
  }
}

/** How long a page fetched on intent is kept for the click: as long as the site's query cache calls data fresh. */
export const prefetchedForMs = 60_000;

/**
 * Pages fetched before the click (the pointer resting on a link, a touch, focus, a link in view): each address's
 * route imported and its loader run once, the page handed to the click that follows within `prefetchedForMs`, and
 * forgotten then or when it failed. Each page is used once: the next visit loads afresh.
 */
export class PrefetchedPages {
  #pages = new Map<string, { page: Promise<Page | null>; at: number }>();

  constructor(
    private readonly routes: SiteRoute[],
    private readonly now: () => number = () => Date.now(),
  ) {}

  fetch(url: URL): void {
    const place = placeOf(url);
    const kept = this.#pages.get(place);
    if (kept && this.now() - kept.at < prefetchedForMs) return;
    const page = loadPage(this.routes, new Request(new URL(place, url).href)).then(
      (page) => {
        // A failure (or a redirect) is asked again by the click, never kept.
        if (page.error !== null || page.redirect) this.#pages.delete(place);
        return page;
      },
      () => {
        this.#pages.delete(place);
        return null;
      },
    );
    this.#pages.set(place, { page, at: this.now() });
  }

  /** The page fetched for this address, still fresh, under a location of its own (the click's hash included). */
  take(url: URL): Promise<Page | null> | undefined {
    const place = placeOf(url);
    const kept = this.#pages.get(place);
    this.#pages.delete(place);
    if (!kept || this.now() - kept.at >= prefetchedForMs) return undefined;
    return kept.page.then((page) => page && { ...page, location: locationOf(url) });
  }
}
