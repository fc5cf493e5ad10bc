import { describe, expect, it } from 'vitest';
import { jsonAnswer, redirectAnswer } from './answer.ts';
import { prepareResponse, responseVariant } from './prepared-response.ts';

const long = prepareResponse(jsonAnswer({ text: 'word '.repeat(1000) }, { 'cache-control': 'no-cache' }));

describe('what a request gets of a prepared response', () => {
  it('gets the same variant, made once, for every request alike', () => {
    const plain = responseVariant(long, {});
    expect(plain).toBe(long.identity);
    expect(plain).toMatchObject({ status: 200, body: long.body });
    expect(plain.headers).toMatchObject({ 'cache-control': 'no-cache', vary: 'Accept-Encoding' });
    const brotli = responseVariant(long, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body!.length).toBeLessThan(long.body!.length);
    expect(responseVariant(long, { 'accept-encoding': 'gzip, deflate, br' })).toBe(brotli);
    expect(responseVariant(long, { 'accept-encoding': 'br, gzip' })).toBe(brotli);
  });

  it('reads each Accept-Encoding for what it says, however often a value has been seen before', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(responseVariant(long, { 'accept-encoding': 'gzip;q=1, br;q=0' }).headers['content-encoding']).toBe('gzip');
      expect(responseVariant(long, { 'accept-encoding': 'GZIP' }).headers['content-encoding']).toBe('gzip');
      expect(responseVariant(long, { 'accept-encoding': 'identity' })).toBe(long.identity);
      expect(responseVariant(long, { 'accept-encoding': 'br;q=0.0, gzip;q=0' })).toBe(long.identity);
    }
    // More distinct values than are remembered: each is still read right.
    for (let index = 0; index < 200; index += 1) {
      const variant = responseVariant(long, { 'accept-encoding': `x-${index}, gzip` });
      expect(variant.headers['content-encoding']).toBe('gzip');
    }
  });

  it('answers 304 to a request holding this version, by any of its spellings, before choosing an encoding', () => {
    const etag = long.headers.etag!;
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const variant = responseVariant(long, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(variant).toBe(long.notModified);
      expect(variant).toMatchObject({ status: 304, body: undefined });
    }
    expect(responseVariant(long, { 'if-none-match': '"other"' })).toBe(long.identity);
  });

  it('sends a short body as it is, and a redirect without an ETag or body', () => {
    const short = prepareResponse(jsonAnswer({ a: 1 }, {}));
    expect(responseVariant(short, { 'accept-encoding': 'br' })).toBe(short.identity);
    const redirect = prepareResponse(redirectAnswer('/blog', 301));
    const variant = responseVariant(redirect, { 'if-none-match': '*' });
    expect(variant).toEqual({ status: 301, headers: { location: '/blog' }, body: undefined });
  });
});
