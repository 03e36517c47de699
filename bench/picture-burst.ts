// Uploaded pictures arriving together (docs/security.md, item 8): how much memory the
// re-encoding of a burst takes, against the design bound PICTURE_CONCURRENCY ×
// PICTURE_MAX_DECODED_BYTES (2 × 192 MB of decoded pixels). Runs the product's own
// pictureVariants (the re-encoding of profile and company pictures; logos take
// logoPicture, through the same checks and queue) in this process on pictures as large as the checks let through, all started at
// once, and samples the resident memory every few milliseconds. The HTTP upload around it
// (the body read into memory, at most MAX_REQUEST_BODY_BYTES each) is not part of it.
// Run through bench/picture-burst.mjs, which bundles this file.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { SniffedContentType } from '../src/lib/uploads/sniff-content-type';
import { decodedBytesOf, PICTURE_CONCURRENCY, PICTURE_MAX_DECODED_BYTES, PICTURE_MAX_PIXELS, pictureQueue, pictureVariants } from '../src/server/uploads/picture-variants';

const { values } = parseArgs({
  options: {
    pictures: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
  },
});
const pictures = Number(values.pictures);
const rounds = Number(values.rounds);
if (!Number.isInteger(pictures) || pictures < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node bench/picture-burst.mjs [--pictures 12] [--rounds 3]');
  process.exit(2);
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

/**
 * The largest picture of each kind the checks accept: a square PNG of 8-bit RGBA just
 * under both PICTURE_MAX_PIXELS and PICTURE_MAX_DECODED_BYTES, and a JPEG just under
 * PICTURE_MAX_PIXELS (RGB, so 3 bytes a pixel). A gradient, so that decoding does real work
 * and the files stay small, as a hostile upload's would.
 */
async function largestPictures(): Promise<Array<{ kind: string; bytes: Buffer; sniffed: SniffedContentType; decoded: number }>> {
  const pngSide = Math.floor(Math.sqrt(Math.min(PICTURE_MAX_PIXELS, PICTURE_MAX_DECODED_BYTES / 4)));
  const jpegWidth = 8000;
  const jpegHeight = Math.floor(PICTURE_MAX_PIXELS / jpegWidth);
  const gradient = (width: number, height: number, channels: 3 | 4) =>
    sharp({ create: { width, height, channels, background: { r: 40, g: 120, b: 200, alpha: 1 } } }).composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`), blend: 'over' },
    ]);
  const png = await gradient(pngSide, pngSide, 4).png({ compressionLevel: 9 }).toBuffer();
  const jpeg = await gradient(jpegWidth, jpegHeight, 3).jpeg({ quality: 90 }).toBuffer();
  return [
    { kind: `PNG ${pngSide} × ${pngSide} RGBA`, bytes: png, sniffed: 'image/png', decoded: decodedBytesOf({ width: pngSide, height: pngSide, channels: 4, depth: 'uchar' }) },
    { kind: `JPEG ${jpegWidth} × ${jpegHeight} RGB`, bytes: jpeg, sniffed: 'image/jpeg', decoded: decodedBytesOf({ width: jpegWidth, height: jpegHeight, channels: 3, depth: 'uchar' }) },
  ];
}

/** Peak resident memory while `work` runs, sampled every 5 ms, and the most pictures decoded at once. */
async function peakDuring(work: () => Promise<unknown>): Promise<{ peak: number; mostAtOnce: number; seconds: number }> {
  let peak = 0;
  let mostAtOnce = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    mostAtOnce = Math.max(mostAtOnce, pictureQueue.activeCount);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { peak, mostAtOnce, seconds: (performance.now() - started) / 1000 };
}

const bound = PICTURE_CONCURRENCY * PICTURE_MAX_DECODED_BYTES;
console.log(`Picture burst: ${pictures} uploads started at once, ${rounds} rounds per kind; Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}).`);
console.log(`Design bound: ${PICTURE_CONCURRENCY} at once × ${mb(PICTURE_MAX_DECODED_BYTES)} MB decoded = ${mb(bound)} MB of pixels.\n`);
const kinds = await largestPictures();
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return process.memoryUsage.rss();
};
// Idle: after a collection, with the pictures' files in memory and nothing decoded yet. The
// allocator keeps much of what a burst freed, so every round is compared with this one idle,
// not with the memory left by the round before.
const idle = await settle();
console.log(`Idle resident memory before the first burst: ${mb(idle)} MB.\n`);
console.log('| picture | file | decoded | round | RSS before | peak RSS | grew in the burst | peak above idle | most decoded at once | burst took |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
let worst = 0;
for (const { kind, bytes, sniffed, decoded } of kinds) {
  for (let round = 1; round <= rounds; round += 1) {
    const before = await settle();
    const burst = await peakDuring(() => Promise.all(Array.from({ length: pictures }, () => pictureVariants(bytes, sniffed))));
    worst = Math.max(worst, burst.peak - idle);
    console.log(`| ${kind} | ${(bytes.length / 1024).toFixed(0)} KB | ${mb(decoded)} MB | ${round} | ${mb(before)} MB | ${mb(burst.peak)} MB | ${mb(burst.peak - before)} MB | ${mb(burst.peak - idle)} MB | ${burst.mostAtOnce} | ${burst.seconds.toFixed(1)} s |`);
  }
}
console.log(`\nHighest peak above idle: ${mb(worst)} MB (design bound ${mb(bound)} MB of decoded pixels).`);
