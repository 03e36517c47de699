import sharp from 'sharp';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';

/** A real PNG of the given size (a colour gradient so it does not compress to nothing). */
export async function pngBytes(width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index++) {
    pixels[index * 3] = index % 256;
    pixels[index * 3 + 1] = (index >> 8) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** A JPEG carrying EXIF (camera, copyright) that uploads must not keep. */
export async function jpegWithExif(width = 80, height = 60): Promise<Buffer> {
  return sharp(await pngBytes(width, height))
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Make: 'SpyCam' } })
    .toBuffer();
}

/** A PNG of noise larger than `bytes` (noise does not compress). */
export async function pngLargerThan(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 12345;
  for (let index = 0; index < pixels.length; index++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[index] = seed >>> 24;
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  if (png.length <= bytes) throw new Error('fixture too small');
  return png;
}

/** A small valid one-page PDF. */
export function pdfBytes(text = 'Curriculum vitae'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  ];
  const stream = `BT /F1 18 Tf 24 72 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A minimal Word document as Office writes one: a ZIP holding [Content_Types].xml, the
 * package relationships and word/document.xml (its text in one paragraph).
 */
export function docxBytes(text = 'Statement of work'): Uint8Array {
  const encode = (value: string) => strToU8(value);
  return zipSync({
    '[Content_Types].xml': encode(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': encode(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': encode(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`),
  });
}

/** A ZIP that is no office document (an archive of a script): refused by content whatever its name. */
export function plainZipBytes(): Uint8Array {
  return zipSync({ 'run.sh': strToU8('#!/bin/sh\necho hello\n') });
}

/**
 * A "zip bomb" claiming to be a Word document: word/document.xml is `megabytes` of zeros,
 * a few kilobytes that would inflate far beyond any CV. Streamed, so the test never holds
 * the inflated part.
 */
export async function zeroBombDocx(megabytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) reject(error);
      chunks.push(chunk);
      if (final) resolve();
    });
    const types = new ZipDeflate('[Content_Types].xml');
    zip.add(types);
    types.push(
      strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      true,
    );
    const part = new ZipDeflate('word/document.xml', { level: 1 });
    zip.add(part);
    const zeros = new Uint8Array(1024 * 1024);
    for (let index = 0; index < megabytes; index += 1) part.push(zeros, index === megabytes - 1);
    zip.end();
  });
  return Uint8Array.from(chunks.flatMap((chunk) => [...chunk]));
}
