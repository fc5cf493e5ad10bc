import { useEffect, type ReactNode } from 'react';
import { sectionsHydrated } from '@/ui/section-boundary/section-hydration.ts';

/**
 * Marks the root once the first render is committed and every server-rendered section has hydrated, so that all of
 * the page's controls have their handlers: the signal the browser tests wait for before clicking.
 */
export function Started({ root, sections, children }: { root: HTMLElement; sections: number; children: ReactNode }) {
  useEffect(() => {
    void sectionsHydrated(sections).then(() => {
      root.dataset.app = 'started';
    });
  }, [root, sections]);
  return children;
}
