import type { HTMLAttributes } from 'react';

interface ScrollRegionProps extends HTMLAttributes<HTMLDivElement> {
  /** A region of the page (the default), or a group inside one; named by `aria-label` or `aria-labelledby`. */
  role?: 'region' | 'group';
}

/**
 * A box that scrolls sideways on a narrow screen, such as a wide table's: it takes focus, or a keyboard could not
 * scroll it, and so it is named.
 */
export function ScrollRegion({ role = 'region', ...box }: ScrollRegionProps) {
  return <div {...box} tabIndex={0} role={role} />;
}
