import type { PDFFont } from '@cantoo/pdf-lib';

// Text laid out in a PDF drawn with pdf-lib, which draws single lines only: the line
// breaking every drawn document shares (invoices, the profile summary).

/** Words of `text` in lines no wider than `width` at this font size; a paragraph break starts a new line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
  }
  return lines;
}
