import { describe, expect, it } from 'vitest';
import { columnGutter, pageText, type PdfTextItem } from '../../../src/lib/cv-import/cv-pdf-layout';

const item = (str: string, x: number, y: number, size = 10): PdfTextItem => ({ str, x, y, width: str.length * size * 0.5, size });

describe('PDF page layout', () => {
  it('puts pieces on one baseline into one line, a wide gap as a tab', () => {
    expect(pageText({ width: 595, height: 842, items: [item('Developer', 50, 700), item('2019 – 2021', 450, 700), item('Acme', 50, 686)] })).toBe('Developer\t2019 – 2021\nAcme');
  });

  it('reads a page in two columns one column after the other, the one starting higher first', () => {
    const side = ['Contact', 'jane@example.com', 'Skills', 'Figma', 'Sketch', 'Languages'].map((text, index) => item(text, 40, 700 - index * 14));
    const main = ['Jane Doe', 'Designer', 'Experience', 'Designer at Acme', '2019 – 2021', 'Education'].map((text, index) => item(text, 220, 760 - index * 14));
    const page = { width: 595, height: 842, items: [...side, ...main] };
    expect(columnGutter(page)).not.toBeNull();
    expect(pageText(page).split('\n')).toEqual(['Jane Doe', 'Designer', 'Experience', 'Designer at Acme', '2019 – 2021', 'Education', 'Contact', 'jane@example.com', 'Skills', 'Figma', 'Sketch', 'Languages']);
  });

  it('keeps one column when lines cross the middle of the page', () => {
    const lines = Array.from({ length: 10 }, (_, index) => item('A sentence long enough to cross the middle of the page', 50, 700 - index * 14));
    expect(columnGutter({ width: 595, height: 842, items: lines })).toBeNull();
  });
});
