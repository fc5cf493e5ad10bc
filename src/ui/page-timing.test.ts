import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserIdle, loadedAndPainted } from './page-timing.ts';

/** A browser's paint timing, played by the test: `paint()` reports first contentful paint to every observer. */
function fakePaintTiming({ supported = true } = {}) {
  const observers = new Set<(list: { getEntriesByName(name: string): unknown[] }) => void>();
  let painted = false;
  class FakeObserver {
    static supportedEntryTypes = supported ? ['paint', 'largest-contentful-paint'] : [];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      observers.add(this.callback);
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    painted && name === 'first-contentful-paint' ? [{ name } as PerformanceEntry] : [],
  );
  return {
    paint() {
      painted = true;
      for (const callback of [...observers]) {
        callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
      }
    },
    observing: () => observers.size,
  };
}

function setPage({ readyState, visibility }: { readyState: DocumentReadyState; visibility: DocumentVisibilityState }) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
}

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('loadedAndPainted', () => {
  beforeEach(() => setPage({ readyState: 'loading', visibility: 'visible' }));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for first paint when the page loads before it paints, and stops observing then', async () => {
    const timing = fakePaintTiming();
    const ready = loadedAndPainted();
    window.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(false);
    timing.paint();
    expect(await settled(ready)).toBe(true);
    expect(timing.observing()).toBe(0);
  });

  it('waits for the load event when the page paints before it loads', async () => {
    const timing = fakePaintTiming();
    const ready = loadedAndPainted();
    timing.paint();
    expect(await settled(ready)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(true);
  });

  it('does not wait for a paint that has already happened', async () => {
    setPage({ readyState: 'complete', visibility: 'visible' });
    const timing = fakePaintTiming();
    timing.paint();
    expect(await settled(loadedAndPainted())).toBe(true);
  });

  it('does not wait for a paint in a hidden tab, or in a browser without paint timing', async () => {
    setPage({ readyState: 'complete', visibility: 'hidden' });
    fakePaintTiming();
    expect(await settled(loadedAndPainted())).toBe(true);

    setPage({ readyState: 'complete', visibility: 'visible' });
    fakePaintTiming({ supported: false });
    expect(await settled(loadedAndPainted())).toBe(true);
  });
});

describe('browserIdle', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the idle callback, asking for it within the given time', async () => {
    const callbacks: (() => void)[] = [];
    const requestIdleCallback = vi.fn((callback: () => void, _options: { timeout: number }) => {
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const idle = browserIdle(1500);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    expect(await settled(idle)).toBe(false);
    callbacks[0]!();
    expect(await settled(idle)).toBe(true);
  });

  it('goes on in the next task in a browser without requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    const idle = browserIdle(1500);
    expect(await settled(idle)).toBe(true);
  });
});
