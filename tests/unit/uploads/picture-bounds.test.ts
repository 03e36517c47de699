import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodedBytesOf, PICTURE_CONCURRENCY, PICTURE_MAX_DECODED_BYTES, pictureQueue, pictureVariants, PictureError } from '../../../src/server/uploads/picture-variants';
import { pngBytes } from '../../support/upload-fixtures';

/** A PNG whose header claims a size (its image data is one row's worth): what a decoder reads before it allocates. */
function pngHeader(width: number, height: number, bitDepth: 8 | 16, colourType: 2 | 6): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(colourType, 9);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

describe('picture decoding is bounded before anything is decoded', () => {
  it('counts pixels × channels × bytes per sample', () => {
    expect(decodedBytesOf({ width: 1000, height: 1000, channels: 4, depth: 'uchar' })).toBe(4_000_000);
    expect(decodedBytesOf({ width: 1000, height: 1000, channels: 4, depth: 'ushort' })).toBe(8_000_000);
  });

  it('refuses a 16-bit picture whose pixels pass the megapixel limit but whose decoding would not fit', async () => {
    // 30 megapixels (under 48) of 16-bit RGBA: 240 MB to decode, over the 192 MB bound.
    const header = pngHeader(6000, 5000, 16, 6);
    expect(decodedBytesOf({ width: 6000, height: 5000, channels: 4, depth: 'ushort' })).toBeGreaterThan(PICTURE_MAX_DECODED_BYTES);
    await expect(pictureVariants(header, 'image/png')).rejects.toMatchObject({ problem: 'tooManyPixels' });
    await expect(pictureVariants(pngHeader(9000, 9000, 8, 2), 'image/png')).rejects.toBeInstanceOf(PictureError);
  });

  it(`re-encodes at most ${PICTURE_CONCURRENCY} pictures at once; the others wait their turn`, async () => {
    const picture = await pngBytes(1600, 1200);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, pictureQueue.activeCount)), 1);
    try {
      const burst = Array.from({ length: 6 }, () => pictureVariants(picture, 'image/png'));
      expect(pictureQueue.activeCount + pictureQueue.pendingCount).toBe(6);
      expect(pictureQueue.activeCount).toBeLessThanOrEqual(PICTURE_CONCURRENCY);
      const results = await Promise.all(burst);
      expect(results.every((variants) => variants.original.length > 0 && variants.optimized.length > 0)).toBe(true);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeLessThanOrEqual(PICTURE_CONCURRENCY);
  });
});
