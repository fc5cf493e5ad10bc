import { describe, expect, it } from 'vitest';
import { jsonResponse, type PreparedResponse } from '../http/prepared-response.ts';
import { PublicResponseCache } from './public-response-cache.ts';

/** A load that finishes when the test says so, counting how often it ran. */
function controlledLoad(value: unknown) {
  let finish: () => void = () => {};
  const control = { runs: 0, finish: () => finish() };
  const load = () => {
    control.runs += 1;
    return new Promise<{ response: PreparedResponse; expiresAt: number }>((resolve) => {
      finish = () => resolve({ response: jsonResponse(value, {}), expiresAt: Infinity });
    });
  };
  return { control, load };
}

const bodyOf = async (answer: Promise<PreparedResponse>) => JSON.parse((await answer).body.toString()) as unknown;

describe('the cache of public responses', () => {
  it('answers visitors who ask for the same thing at the same time with one load, then from memory', async () => {
    const cache = new PublicResponseCache();
    const { control, load } = controlledLoad('first page');
    const answers = Array.from({ length: 100 }, () => cache.load('page 1', 0, load));
    control.finish();
    expect(await Promise.all(answers.map(bodyOf))).toEqual(Array(100).fill('first page'));
    expect(await bodyOf(cache.load('page 1', 0, load))).toBe('first page');
    expect(control.runs).toBe(1);
  });

  it('never hands a read begun before a write to a visitor who asks after it, nor keeps it', async () => {
    const cache = new PublicResponseCache();
    const before = controlledLoad('before the write');
    const early = cache.load('page 1', 0, before.load);
    cache.clear();
    const after = controlledLoad('after the write');
    const late = cache.load('page 1', 0, after.load);
    before.control.finish();
    after.control.finish();
    expect(await bodyOf(early)).toBe('before the write');
    expect(await bodyOf(late)).toBe('after the write');
    expect(await bodyOf(cache.load('page 1', 0, controlledLoad('unused').load))).toBe('after the write');
  });

  it('gives everyone waiting the same failure, and tries again at the next request', async () => {
    const cache = new PublicResponseCache();
    let runs = 0;
    const failing = () => {
      runs += 1;
      return Promise.reject(new Error('no such post'));
    };
    const answers = await Promise.allSettled([cache.load('post', 0, failing), cache.load('post', 0, failing)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    await expect(cache.load('post', 0, failing)).rejects.toThrow('no such post');
    expect(runs).toBe(2);
  });

  it('loads again once an answer has expired', async () => {
    const cache = new PublicResponseCache();
    let runs = 0;
    const load = async () => ({ response: jsonResponse((runs += 1), {}), expiresAt: 1000 });
    expect(await bodyOf(cache.load('list', 0, load))).toBe(1);
    expect(await bodyOf(cache.load('list', 999, load))).toBe(1);
    expect(await bodyOf(cache.load('list', 1000, load))).toBe(2);
  });

  it('holds no more than its budget of bytes, however many distinct addresses visitors ask for', async () => {
    const cache = new PublicResponseCache({ maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 });
    const page = 'x'.repeat(10_000);
    for (let offset = 0; offset < 1000; offset += 1) {
      await cache.load(`list offset=${offset}`, 0, async () => ({ response: jsonResponse(page, {}), expiresAt: 1000 }));
    }
    expect(cache.bytes).toBeGreaterThan(900 * 1024);
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.peek('list offset=999', 0)).toBeDefined();
    expect(cache.peek('list offset=0', 0)).toBeUndefined();
  });

  it('sends an answer over its limit for one entry, and reads it again next time', async () => {
    const cache = new PublicResponseCache({ maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 });
    let runs = 0;
    const load = async () => {
      runs += 1;
      return { response: jsonResponse('x'.repeat(100_000), {}), expiresAt: 1000 };
    };
    expect(((await bodyOf(cache.load('huge', 0, load))) as string).length).toBe(100_000);
    await cache.load('huge', 0, load);
    expect(runs).toBe(2);
    expect(cache.bytes).toBe(0);
  });
});
