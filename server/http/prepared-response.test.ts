import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { htmlAnswer, jsonAnswer, redirectAnswer } from './answer.ts';
import { answerCompression, prepareResponse, responseVariant } from './prepared-response.ts';

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

  it('compresses an answer made per request at Brotli 4 and gzip 6, not at the qualities of the build files', () => {
    const words = ['local', 'search', 'brand', 'reviews', 'maps', 'growth', 'customers', 'ranking', 'content', 'ads'];
    const paragraphs = Array.from(
      { length: 400 },
      (_, index) => `<p class="p${index % 7}">${words[(index * 7) % 10]} ${words[(index * 3) % 10]} ${index}</p>`,
    );
    const page = prepareResponse(htmlAnswer(`<!doctype html><main>${paragraphs.join('')}</main>`, 200, {}));
    const body = page.body!;
    const brotli = (quality: number) =>
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    expect(answerCompression).toEqual({ brotliQuality: 4, gzipLevel: constants.Z_DEFAULT_COMPRESSION });

    const br = responseVariant(page, { 'accept-encoding': 'br' }).body!;
    expect(br.equals(brotli(4))).toBe(true);
    expect(br.equals(brotli(5))).toBe(false);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);

    const gzip = responseVariant(page, { 'accept-encoding': 'gzip' }).body!;
    expect(gzip.equals(gzipSync(body, { level: 6 }))).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });
});
