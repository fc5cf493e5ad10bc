import { use, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { RouterContext } from './context.ts';
import { useLocation } from './hooks.ts';
import { prefetchInView } from './prefetch-in-view.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** How long the pointer rests on a link before its page is fetched: passing over it on the way elsewhere is no intent. */
export const hoverIntentMs = 65;

/** A click the page may take over: the main button, no modifier key (new tab, window, download), same target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  );
}

/**
 * A link that the router follows without a page load when it knows the page; any other address (the admin, a file)
 * and any link outside a router is a plain link the browser loads. Its page is fetched on intent: the pointer resting
 * on it, a touch, focus, or the link in view when the connection allows.
 */
export function Link({ to, replace, onClick, onMouseEnter, onMouseLeave, onTouchStart, onFocus, ...props }: LinkProps) {
  const router = use(RouterContext);
  const anchor = useRef<HTMLAnchorElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  const prefetch = router?.prefetch;

  useEffect(() => {
    if (!prefetch || !anchor.current) return;
    const stop = prefetchInView(anchor.current, () => prefetch(to));
    return () => {
      stop();
      clearTimeout(hover.current);
    };
  }, [prefetch, to]);

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!router || !isPlainClick(event) || !router.handles(to)) return;
    const url = new URL(to, `http://site${router.location.pathname}${router.location.search}`);
    // Another anchor on the same page is the browser's to scroll to.
    const { pathname, search } = router.location;
    if (url.pathname === pathname && url.search === search && url.hash !== '') return;
    event.preventDefault();
    router.navigate(url.pathname + url.search + url.hash, { replace });
  };
  return (
    <a
      {...props}
      ref={anchor}
      href={to}
      onClick={follow}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        clearTimeout(hover.current);
        if (prefetch) hover.current = setTimeout(() => prefetch(to), hoverIntentMs);
      }}
      onMouseLeave={(event) => {
        onMouseLeave?.(event);
        clearTimeout(hover.current);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch?.(to);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch?.(to);
      }}
    >
      {props.children}
    </a>
  );
}

/** Whether a link's path is the page's, or (without `end`) one of its ancestors; letters in any case. */
export function isActive(to: string, pathname: string, end: boolean): boolean {
  const path = (value: string) => value.replace(/\/+$/, '').toLowerCase() || '/';
  const target = path(to.split(/[?#]/)[0]!);
  const current = path(pathname);
  if (current === target) return true;
  return !end && target !== '/' && current.startsWith(`${target}/`);
}

/** A navigation link that marks the current page with `aria-current="page"`. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  return <Link aria-current={isActive(props.to, pathname, end) ? 'page' : undefined} {...props} />;
}
