import type { NavigationType } from './context.ts';
import type { SiteHistory } from './history.ts';
import type { SiteLocation } from './load-page.ts';
import { dispatchNavigated } from './navigation-events.ts';

/** What the visitor is shown of a navigation: that it is on its way, then where it has arrived. */
export interface NavigationFeedback {
  /** A navigation started (true), or the last one ended without a page (false). */
  pending(on: boolean): void;
  /** The new page has rendered (before paint): put the scroll where it belongs, move focus, say where they are. */
  arrived(location: SiteLocation, navigationType: NavigationType): void;
}

/** A navigation shorter than this shows nothing: a bar that flashes reads as a glitch. */
export const progressDelayMs = 300;

function liveRegion(): HTMLElement {
  const region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.dataset.routeAnnouncer = '';
  document.body.append(region);
  return region;
}

function progressBar(): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'route-progress';
  bar.setAttribute('aria-hidden', 'true');
  return bar;
}

/** Where focus goes on a new page: the `#hash` target, else its heading, else the main landmark. */
function focusTarget(target: HTMLElement | null): HTMLElement | null {
  const element = target ?? document.querySelector<HTMLElement>('main h1') ?? document.querySelector('main');
  if (element && element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  return element;
}

const hashTarget = (hash: string): HTMLElement | null => {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
};

/**
 * The browser's side of navigating, as Gatsby's and Next's routers do it: each history entry's scroll position kept
 * by its key and put back once that entry's page has rendered, a new page at its top or its `#hash`, focus on its
 * heading, its title said in a polite live region, and a slim bar at the top while a page takes over 300 ms
 * (`aria-busy` on the main landmark meanwhile).
 */
export function browserFeedback(history: SiteHistory): NavigationFeedback {
  const positions = new Map<string, [number, number]>();
  const region = liveRegion();
  const bar = progressBar();
  let onScreen: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // The position of the page on screen, under its entry's key: by the time back or forward is known, the
  // browser's current entry is already the next one.
  window.addEventListener(
    'scroll',
    () => {
      const key = onScreen ?? history.key();
      if (key) positions.set(key, [window.scrollX, window.scrollY]);
    },
    { passive: true },
  );

  const settle = () => {
    clearTimeout(timer);
    timer = undefined;
    bar.remove();
    document.querySelector('main')?.removeAttribute('aria-busy');
  };

  return {
    pending(on) {
      if (!on) return settle();
      if (timer !== undefined) return;
      document.querySelector('main')?.setAttribute('aria-busy', 'true');
      timer = setTimeout(() => document.body.append(bar), progressDelayMs);
    },
    arrived(location, navigationType) {
      settle();
      onScreen = location.key;
      const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
      const target = hashTarget(location.hash);
      if (saved) window.scrollTo(saved[0], saved[1]);
      else if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      focusTarget(target)?.focus({ preventScroll: true });
      region.textContent = document.title || (document.querySelector('h1')?.textContent ?? '');
      dispatchNavigated({ pathname: location.pathname, search: location.search });
    },
  };
}
