import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { StorageExtension } from '../../../lib/uploads/media-urls';
import type { FileStorage } from '../../storage/file-storage';
import { PictureError } from '../../uploads/picture-variants';
import type { ApiContext, SignedInContext } from '../context';
import { ApiError } from '../errors';
import { pictureRefused } from './read-uploaded-file';

// What every upload mutation does around its own rows: the storage, fresh keys, the
// caller's upload allowance, re-encoding refusals, and deleting files no row refers to.
// Shared by the talent profile's files and the company logo.

export function storageOf(context: ApiContext): FileStorage {
  if (!context.storage) throw new Error('uploads need a file storage: createApi({ storage })');
  return context.storage;
}

/** A key the server makes up (see media-urls.ts): never anything the client sent. */
export const newStorageKey = (extension: StorageExtension) => `${randomUUID()}.${extension}`;

/** Deleting a replaced file may fail without harm: it is then only unreferenced. */
export async function deleteQuietly(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** One upload from the caller's allowance, before the file is read; TOO_MANY_REQUESTS once it is spent. */
export async function takeUploadAllowance(context: SignedInContext): Promise<void> {
  try {
    await context.uploadAllowance.consume(context.viewer.userId);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const minutes = Math.max(1, Math.ceil(refusal.msBeforeNext / 60_000));
    throw new ApiError('TOO_MANY_REQUESTS', `Too many uploads in a short time. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      hint: 'wait, then send the file again',
      reason: 'tooManyUploads',
    });
  }
}

/** Runs a re-encoding; a picture that does not decode is refused on `file` (BAD_USER_INPUT). */
export async function reencodedOrRefused<T>(reencode: () => Promise<T>): Promise<T> {
  try {
    return await reencode();
  } catch (error) {
    if (error instanceof PictureError) throw pictureRefused(error);
    throw error;
  }
}

/**
 * Stores new files, lets `save` point a row at them (in its own transaction), then deletes
 * what `save` says they replaced. Should `save` fail, the new files are deleted instead.
 */
export async function storeThenSave<T>(
  storage: FileStorage,
  files: ReadonlyArray<{ key: string; bytes: Uint8Array; contentType: string }>,
  save: () => Promise<{ result: T; replacedKeys: readonly string[] }>,
): Promise<T> {
  await Promise.all(files.map((file) => storage.put(file.key, file.bytes, file.contentType)));
  let saved;
  try {
    saved = await save();
  } catch (error) {
    await deleteQuietly(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
  await deleteQuietly(storage, saved.replacedKeys);
  return saved.result;
}
