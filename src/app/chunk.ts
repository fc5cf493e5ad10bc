/** How long a lazy chunk may take before the page gives up on it (the specification: 120 s). */
export const chunkTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(chunk: string, options?: ErrorOptions) {
    super(`Loading chunk ${chunk} failed.`, options);
  }
}

/** Loads a lazy chunk, failing with a ChunkLoadError when it errors or has not arrived in time. */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, { cause: error }));
      },
    );
  });
}

export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk .* failed/.test(error.message));
}
