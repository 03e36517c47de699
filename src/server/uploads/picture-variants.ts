import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { SniffedContentType } from '../../lib/uploads/sniff-content-type';
import { errorMessage } from '../../lib/text/error-message';

/** Longest side of the kept picture, and side of the square copy menus and lists show. */
export const PICTURE_MAX_SIDE = 1024;
export const PICTURE_OPTIMIZED_SIDE = 256;
/**
 * Side of a company logo: one square copy, the logo whole inside it on a transparent
 * background (never cropped: a wide wordmark keeps its ends), so every place that shows
 * logos in a square box (banner, My companies, job cards, the public page) shows all of it.
 * 256 px covers the largest box (64 px) at 4× pixel density.
 */
export const LOGO_SIDE = 256;
/**
 * A few kilobytes of PNG can claim a picture of billions of pixels; decoding stops here
 * (48 megapixels: the largest phone cameras) instead of filling the memory.
 */
export const PICTURE_MAX_PIXELS = 48_000_000;
/**
 * What decoding may cost in memory: pixels × channels × bytes per sample. 48 megapixels
 * of 8-bit RGBA is 192 MB; a 16-bit picture reaches it at half the pixels. Checked from
 * the header, before anything is decoded.
 */
export const PICTURE_MAX_DECODED_BYTES = 192 * 1024 * 1024;
/**
 * Pictures decoded at once, process-wide; the others wait their turn. With one decode per
 * picture, re-encoding holds at most PICTURE_CONCURRENCY × PICTURE_MAX_DECODED_BYTES
 * (384 MB) of pixels, however many uploads arrive together.
 */
export const PICTURE_CONCURRENCY = 2;

/** The queue every re-encoding goes through (exported so tests can watch it). */
export const pictureQueue = pLimit(PICTURE_CONCURRENCY);

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** The memory decoding a picture of this header would take, in bytes. */
export function decodedBytesOf(metadata: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number {
  return (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.channels ?? 4) * (BYTES_PER_SAMPLE[metadata.depth ?? 'uchar'] ?? 8);
}

const FORMAT_OF: Record<string, SniffedContentType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type PictureProblem = 'unreadable' | 'tooManyPixels';

export class PictureError extends Error {
  constructor(readonly problem: PictureProblem, detail: string) {
    super(detail);
    this.name = 'PictureError';
  }
}

export interface PictureVariants {
  /** At most 1024 px on its longest side, WebP. */
  original: Buffer;
  /** 256 × 256 px, cropped to the centre, WebP. */
  optimized: Buffer;
}

/**
 * Re-encodes an uploaded picture: what we store and serve is always a WebP we made, never
 * the uploaded bytes, so nothing hidden in the upload survives. Both copies are turned
 * upright from the EXIF orientation and then carry no metadata at all (no EXIF, GPS
 * position, camera or ICC profile: sharp writes none unless asked). The decoder must
 * agree with the magic bytes, so a file passing as a PNG cannot reach another decoder.
 */
export function pictureVariants(bytes: Uint8Array, sniffed: SniffedContentType): Promise<PictureVariants> {
  return pictureQueue(async () => {
    const input = await checkedInput(bytes, sniffed);
    return encoded(async () => {
      // One decode of the upload: the square copy is made from the (at most 1024 px, upright)
      // kept picture, so a large upload is decoded once, not once per copy.
      const original = await input().rotate().resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
      const optimized = await sharp(original).resize({ width: PICTURE_OPTIMIZED_SIDE, height: PICTURE_OPTIMIZED_SIDE, fit: 'cover' }).webp({ quality: 80 }).toBuffer();
      return { original, optimized };
    });
  });
}

/**
 * Re-encodes an uploaded company logo the same way (same checks, queue and stripping) into
 * one LOGO_SIDE square WebP: the logo fitted whole, the rest transparent.
 */
export function logoPicture(bytes: Uint8Array, sniffed: SniffedContentType): Promise<Buffer> {
  return pictureQueue(async () => {
    const input = await checkedInput(bytes, sniffed);
    return encoded(() =>
      input()
        .rotate()
        .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
        .webp({ quality: 85, alphaQuality: 100 })
        .toBuffer(),
    );
  });
}

/**
 * The upload as sharp input, once its header passed: the decoder agrees with the magic
 * bytes, and decoding stays within PICTURE_MAX_PIXELS and PICTURE_MAX_DECODED_BYTES.
 */
async function checkedInput(bytes: Uint8Array, sniffed: SniffedContentType): Promise<() => Sharp> {
  const input = () => sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error', animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw new PictureError('unreadable', errorMessage(error));
  }
  if (!metadata.format || FORMAT_OF[metadata.format] !== sniffed) throw new PictureError('unreadable', `decoder sees ${metadata.format ?? 'nothing'}, magic bytes say ${sniffed}`);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PICTURE_MAX_PIXELS || decodedBytesOf(metadata) > PICTURE_MAX_DECODED_BYTES) {
    throw new PictureError('tooManyPixels', `${metadata.width} × ${metadata.height}, ${metadata.channels} channels of ${metadata.depth}`);
  }
  return input;
}

/** A decode that fails past the header (a truncated file) is an unreadable picture too. */
async function encoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new PictureError('unreadable', errorMessage(error));
  }
}
