// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkTimeoutMs, isChunkLoadError, loadChunk } from './chunk.ts';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module when it arrives', async () => {
    await expect(loadChunk('home', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('fails with a ChunkLoadError after 120 seconds', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('home', () => new Promise(() => {}));
    const outcome = expect(pending).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk home failed.',
    });
    expect(chunkTimeoutMs).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('turns a failed download into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk('about', () => Promise.reject(cause)).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).cause).toBe(cause);
  });
});
