import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { markSectionHydrated } from './section-hydration.ts';

/** Renders nothing; its effect runs when the section around it has committed, hydrated or freshly rendered. */
function CommitMark() {
  const id = useId();
  useEffect(() => markSectionHydrated(id), [id]);
  return null;
}

/**
 * One section of a page in a Suspense boundary of its own, the same on the server and in the browser. The server
 * writes it inline (see entry-server.tsx); the browser hydrates the page's frame first, then each section on its own
 * with its own commit, and a section waiting for lazy code (a carousel) keeps the server's markup meanwhile.
 */
export function SectionBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <CommitMark />
    </Suspense>
  );
}
