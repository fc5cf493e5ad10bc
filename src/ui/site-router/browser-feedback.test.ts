import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserFeedback, progressDelayMs } from './browser-feedback.ts';
import { memoryHistory } from './history.ts';
import { onNavigated } from './navigation-events.ts';

const at = (pathname: string, hash: string, key: string) => ({ pathname, search: '', hash, key });

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('browserFeedback', () => {
  it('lands a new page at its #hash target and focuses it, or at the top on its heading', () => {
    document.body.innerHTML = '<main><h1>Prices</h1><section id="plans">Plans</section></main>';
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const target = document.getElementById('plans')!;
    target.scrollIntoView = vi.fn();
    const feedback = browserFeedback(memoryHistory('/'));

    feedback.arrived(at('/prices', '#plans', 'a'), 'PUSH');
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(target);

    feedback.arrived(at('/prices', '#no-such-part', 'b'), 'PUSH');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(document.querySelector('h1'));
  });

  it('puts back the position kept for an entry on POP, and never on a new visit of the same address', () => {
    document.body.innerHTML = '<main><h1>Home</h1></main>';
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const feedback = browserFeedback(memoryHistory('/'));
    feedback.arrived(at('/', '', 'home'), 'PUSH');
    Object.assign(window, { scrollY: 1780 });
    window.dispatchEvent(new Event('scroll'));
    feedback.arrived(at('/about', '', 'about'), 'PUSH');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    feedback.arrived(at('/', '', 'home'), 'POP');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1780);
    feedback.arrived(at('/', '', 'home-again'), 'PUSH');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.assign(window, { scrollY: 0 });
  });

  it('shows the bar only past the delay, and says where the visitor arrived', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<main><h1>Home</h1></main>';
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    document.title = 'About | Northbeam';
    const seen: string[] = [];
    const stop = onNavigated(({ pathname }) => seen.push(pathname));
    const feedback = browserFeedback(memoryHistory('/'));
    feedback.pending(true);
    vi.advanceTimersByTime(progressDelayMs - 1);
    expect(document.querySelector('.route-progress')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('.route-progress')).not.toBeNull();
    feedback.arrived(at('/about', '', 'about'), 'PUSH');
    expect(document.querySelector('.route-progress')).toBeNull();
    expect(document.querySelector('main')).not.toHaveAttribute('aria-busy');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('About | Northbeam');
    expect(seen).toEqual(['/about']);
    stop();
  });
});
