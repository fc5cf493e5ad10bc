/** The sections whose boundary has committed in the browser, by their boundary's id. */
const hydrated = new Set<string>();
/** Sections that wait, unhydrated, until they scroll near view (a carousel's code loads only then). */
const deferred = new Set<string>();
let waiting: { count: number; resolve: () => void } | undefined;

function settle() {
  if (waiting && hydrated.size + deferred.size >= waiting.count) {
    waiting.resolve();
    waiting = undefined;
  }
}

export function markSectionHydrated(id: string): void {
  hydrated.add(id);
  settle();
}

/** A server-rendered section that hydrates only once it is near view: until then, counted as done. */
export function deferSection(id: string): void {
  deferred.add(id);
  settle();
}

export function undeferSection(id: string): void {
  deferred.delete(id);
}

/** Resolves once `count` sections have committed: each server-rendered section hydrates on its own, after the page. */
export function sectionsHydrated(count: number): Promise<void> {
  return new Promise((resolve) => {
    waiting = { count, resolve };
    settle();
  });
}

/** The Suspense boundaries in server-rendered markup: React writes each as a comment, `<!--$-->`, before its content. */
export function countServerBoundaries(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if (/^\$[?!]?$/.test(walker.currentNode.nodeValue ?? '')) count += 1;
  return count;
}
