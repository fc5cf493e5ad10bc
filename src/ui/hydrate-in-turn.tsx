import { Suspense, type ReactNode } from 'react';

let hydrating = false;
let queue: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs the first render over the server's HTML so that each part wrapped in HydrateInTurn is hydrated later, one
 * part per task: the browser's runtime (Preact) hydrates in one uninterrupted pass, which on a long page is one long
 * main-thread task. A part waiting its turn keeps the server's markup on screen.
 */
export function hydrateInTurns(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** Resolves once every part that waited for its turn has had it, and the task after: the page is all live. */
export function afterTurns(): Promise<void> {
  return queue.then(nextTask);
}

/** The next free task after the parts already waiting. */
function takeTurn(): Promise<void> {
  queue = queue.then(nextTask);
  return queue;
}

/** During the first render, waits for a turn: the thrown promise tells the runtime when to go on. */
function WaitForTurn({ children }: { children: ReactNode }) {
  if (hydrating) throw takeTurn();
  return children;
}

/** In the browser: the part waits in a boundary of its own, which keeps the server's markup while it waits. */
function BrowserPart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

/**
 * The server renders the part as it is: a Suspense boundary there would change the markup, and React moves a large
 * boundary's content to the end of the page behind an inline script, which our CSP refuses.
 */
function ServerPart({ children }: { children: ReactNode }) {
  return children;
}

/**
 * One part of the page (a section: a single root element) that hydrates in a task of its own. Elsewhere
 * (client-side navigation, a page rendered in the browser alone) it renders its children at once.
 */
export const HydrateInTurn = import.meta.env.SSR ? ServerPart : BrowserPart;
