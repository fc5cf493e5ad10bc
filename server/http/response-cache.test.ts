import { describe, expect, it } from 'vitest';
import { jsonAnswer, type Answer } from './answer.ts';
import type { PreparedResponse } from './prepared-response.ts';
import { answerLifetimeMs, ResponseCache, type ResponseCacheOptions } from './response-cache.ts';

/** A load that finishes when the test says so, counting how often it ran. */
function controlledLoad(value: unknown) {
  let finish: () => void = () => {};
  const control = { runs: 0, finish: () => finish() };
  const load = () => {
    control.runs += 1;
    return new Promise<Answer>((resolve) => {
      finish = () => resolve(jsonAnswer(value, {}));
    });
  };
  return { control, load };
}

/** A cache on a clock the test moves, with no post scheduled unless the test says so. */
function cacheForTest(options: Partial<ResponseCacheOptions> = {}) {
  const clock = { time: 0 };
  const cache = new ResponseCache({ now: () => clock.time, nextPublication: async () => Infinity, ...options });
  return { cache, clock };
}

const bodyOf = async (answer: Promise<PreparedResponse>) => JSON.parse((await answer).body!.toString()) as unknown;

describe('the response cache', () => {
  it('answers visitors who ask for the same thing at the same time with one load, then from memory', async () => {
    const { cache } = cacheForTest();
    const { control, load } = controlledLoad('first page');
    const answers = Array.from({ length: 100 }, () => cache.load('page 1', load));
    control.finish();
    expect(await Promise.all(answers.map(bodyOf))).toEqual(Array(100).fill('first page'));
    expect(await bodyOf(cache.load('page 1', load))).toBe('first page');
    expect(control.runs).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([100, 1]);
  });

  it('never hands a read begun before a write to a visitor who asks after it, nor keeps it', async () => {
    const { cache } = cacheForTest();
    const before = controlledLoad('before the write');
    const early = cache.load('page 1', before.load);
    cache.forget();
    const after = controlledLoad('after the write');
    const late = cache.load('page 1', after.load);
    before.control.finish();
    after.control.finish();
    expect(await bodyOf(early)).toBe('before the write');
    expect(await bodyOf(late)).toBe('after the write');
    expect(await bodyOf(cache.load('page 1', controlledLoad('unused').load))).toBe('after the write');
  });

  it('gives everyone waiting the same failure, and tries again at the next request', async () => {
    const { cache } = cacheForTest();
    let runs = 0;
    const failing = () => {
      runs += 1;
      return Promise.reject(new Error('no such post'));
    };
    const answers = await Promise.allSettled([cache.load('post', failing), cache.load('post', failing)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    await expect(cache.load('post', failing)).rejects.toThrow('no such post');
    expect(runs).toBe(2);
  });

  it(`makes an answer again once it is ${answerLifetimeMs} ms old`, async () => {
    const { cache, clock } = cacheForTest();
    let runs = 0;
    const load = async () => jsonAnswer((runs += 1), {});
    expect(await bodyOf(cache.load('list', load))).toBe(1);
    clock.time = answerLifetimeMs - 1;
    expect(await bodyOf(cache.load('list', load))).toBe(1);
    clock.time = answerLifetimeMs;
    expect(await bodyOf(cache.load('list', load))).toBe(2);
  });

  it('forgets every answer when the next scheduled post comes out, reading when that is once per write', async () => {
    const asked: number[] = [];
    const schedule = [1000, 3000];
    const { cache, clock } = cacheForTest({
      nextPublication: async (after) => {
        asked.push(after);
        return schedule.find((time) => time > after) ?? Infinity;
      },
    });
    let runs = 0;
    const load = async () => jsonAnswer((runs += 1), {});
    await cache.load('list', load);
    await cache.load('post', load);
    expect(cache.peek('list')).toBeDefined();
    clock.time = 999;
    expect(cache.peek('post')).toBeDefined();
    clock.time = 1000;
    expect(cache.peek('list')).toBeUndefined();
    expect(await bodyOf(cache.load('list', load))).toBe(3);
    expect(asked).toEqual([0, 1000]);
    cache.forget();
    expect(cache.peek('list')).toBeUndefined();
  });

  it('holds no more than its budget of bytes, however many distinct addresses visitors ask for', async () => {
    const { cache } = cacheForTest({ budget: { maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 } });
    const page = 'x'.repeat(10_000);
    for (let offset = 0; offset < 1000; offset += 1) {
      await cache.load(`/api/blogs?offset=${offset}`, async () => jsonAnswer(page, {}));
    }
    expect(cache.bytes).toBeGreaterThan(900 * 1024);
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.peek('/api/blogs?offset=999')).toBeDefined();
    expect(cache.peek('/api/blogs?offset=0')).toBeUndefined();
  });

  it('sends an answer over its limit for one entry, and makes it again next time', async () => {
    const { cache } = cacheForTest({ budget: { maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 } });
    let runs = 0;
    const load = async () => {
      runs += 1;
      return jsonAnswer('x'.repeat(100_000), {});
    };
    expect(((await bodyOf(cache.load('huge', load))) as string).length).toBe(100_000);
    await cache.load('huge', load);
    expect(runs).toBe(2);
    expect(cache.bytes).toBe(0);
  });
});
