// Owns how route chunks are fetched (spec sections 8 and 9): a dynamic import that has not settled after
// 120 s fails with a ChunkLoadError, and `isChunkLoadError` recognises the browsers' own failed-import
// errors too, so the route error screen can offer a reload instead of a generic failure.
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Wraps a dynamic import so that it rejects with a ChunkLoadError after `timeoutMs`. */
export function withChunkTimeout<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      importer().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite reports failed preloads.
const FAILED_IMPORT =
  /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || FAILED_IMPORT.test(error.message);
}
