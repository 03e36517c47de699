import type { Readable } from 'node:stream';

/** A stored file as it is read back: what we stored, never what a request claimed. */
export interface StoredObject {
  /** The content type given to `put`. */
  contentType: string;
  size: number;
  /** The bytes as a stream: callers pipe them and never hold a whole file (or destroy it unread). */
  body: Readable;
}

/**
 * Where uploaded files live (the storage port). Keys are made by the server (see
 * src/lib/uploads/media-urls.ts: a random UUID and an extension); an adapter refuses any
 * other key. Adapters: the local disk today (one node); an S3-style bucket is the step
 * for several nodes (docs/architecture.md).
 */
export interface FileStorage {
  /** Stores the bytes under the key, all or nothing: a reader never sees half a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored file, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Readiness: rejects when files can be neither read nor written. */
  ping(): Promise<void>;
}

/** A key that is not one of ours reached the storage: a bug or a forged request. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}
