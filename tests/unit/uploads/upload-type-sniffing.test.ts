import { describe, expect, it } from 'vitest';
import { sniffContentType } from '../../../src/lib/uploads/sniff-content-type';
import { pdfBytes, pngBytes } from '../../support/upload-fixtures';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((character) => character.charCodeAt(0)) : [value])));

describe('upload type sniffing: the real type comes from the magic bytes', () => {
  it('recognises PNG, JPEG, WebP and PDF', async () => {
    expect(sniffContentType(await pngBytes())).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('image/jpeg');
    expect(sniffContentType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(pdfBytes())).toBe('application/pdf');
  });

  it('knows nothing of names or claimed types: only the bytes decide', async () => {
    // What a browser would send as "cv.pdf" with type application/pdf, but is a PNG.
    expect(sniffContentType(await pngBytes())).not.toBe('application/pdf');
  });

  it('refuses look-alikes and other formats', () => {
    expect(sniffContentType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull(); // a WAV sound
    expect(sniffContentType(bytes('%PDF'))).toBeNull(); // the dash is part of the signature
    expect(sniffContentType(bytes(' %PDF-1.7'))).toBeNull(); // a PDF must start with it
    expect(sniffContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffContentType(bytes('GIF89a'))).toBeNull();
    expect(sniffContentType(bytes(0x89, 'PNG'))).toBeNull(); // cut short
    expect(sniffContentType(new Uint8Array(0))).toBeNull();
  });
});
