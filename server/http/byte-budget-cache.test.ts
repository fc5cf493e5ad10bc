import { describe, expect, it } from 'vitest';
import { ByteBudgetCache, responseBytes } from './byte-budget-cache.ts';
import { htmlAnswer } from './answer.ts';
import { prepareResponse } from './prepared-response.ts';

describe('a cache bounded by bytes', () => {
  it('never holds more than its budget, however many distinct keys come', () => {
    const cache = new ByteBudgetCache<string>({ maxBytes: 10_000, maxEntryBytes: 2_000 });
    for (let index = 0; index < 5_000; index += 1) {
      const key = `/blog/tag/name-${index}`;
      cache.set(key, key, 900);
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBe(Math.floor(10_000 / (900 + '/blog/tag/name-4999'.length)));
    expect(cache.get('/blog/tag/name-4999')).toBe('/blog/tag/name-4999');
    expect(cache.get('/blog/tag/name-0')).toBeUndefined();
  });

  it('drops the least recently used entry first', () => {
    const cache = new ByteBudgetCache<number>({ maxBytes: 300, maxEntryBytes: 300 });
    cache.set('a', 1, 99);
    cache.set('b', 2, 99);
    cache.set('c', 3, 99);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4, 99);
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true, true]);
    expect(cache.bytes).toBe(300);
  });

  it('keeps the order of use when the newest entry is read again, deleted or replaced', () => {
    const cache = new ByteBudgetCache<number>({ maxBytes: 300, maxEntryBytes: 300 });
    cache.set('a', 1, 99);
    cache.set('b', 2, 99);
    expect([cache.get('b'), cache.get('b'), cache.get('a'), cache.get('a')]).toEqual([2, 2, 1, 1]);
    cache.set('c', 3, 99);
    cache.delete('c');
    cache.set('c', 3, 99);
    cache.set('d', 4, 99);
    // b was used least recently: a after it, then c and d.
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true, true]);
    expect(cache.get('a')).toBe(1);
    cache.set('e', 5, 99);
    expect([cache.has('a'), cache.has('c'), cache.has('d'), cache.has('e')]).toEqual([true, false, true, true]);
    cache.clear();
    cache.set('f', 6, 99);
    expect([cache.get('a'), cache.get('f'), cache.size]).toEqual([undefined, 6, 1]);
  });

  it('keeps no entry over its limit, and forgets what the key held before', () => {
    const cache = new ByteBudgetCache<string>({ maxBytes: 10_000, maxEntryBytes: 1_000 });
    cache.set('page', 'small', 100);
    expect(cache.set('page', 'huge', 5_000)).toBe(false);
    expect(cache.get('page')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('counts a response with room for its compressed copies', () => {
    const response = prepareResponse(htmlAnswer('a'.repeat(10_000), 200, {}));
    expect(responseBytes(response)).toBeGreaterThanOrEqual(20_000);
  });
});
