// A PDF has no lines or paragraphs, only pieces of text drawn at positions. This puts the
// pieces of a page back into lines in reading order: pieces on one baseline make a line,
// left to right, a wide gap between two becomes a tab (a date set against the right
// margin stays apart from the role beside it), and a page in two columns (a sidebar) is
// read one column after the other rather than across.

export interface PdfTextItem {
  str: string;
  /** Left end of the baseline, in PDF points from the bottom left. */
  x: number;
  y: number;
  width: number;
  /** Font size, in points. */
  size: number;
}

export interface PdfTextPage {
  width: number;
  height: number;
  items: readonly PdfTextItem[];
}

/** A gap wider than this many font sizes separates two fields (a tab); a narrower one, two words. */
const FIELD_GAP = 1.5;
const WORD_GAP = 0.15;

/** Pieces whose baselines differ by less than this share of the font size are on one line. */
const SAME_LINE = 0.5;

/** A column needs this many pieces on each side of the gutter; at most this share of pieces may cross it (a wide title). */
const COLUMN_MIN_ITEMS = 5;
const COLUMN_MAX_CROSSING = 0.05;

function linesOf(items: readonly PdfTextItem[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfTextItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && Math.abs(first.y - item.y) < SAME_LINE * Math.max(first.size, item.size)) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    const ordered = row.sort((a, b) => a.x - b.x);
    let line = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const item of ordered) {
      const gap = item.x - end;
      if (line) line += gap > FIELD_GAP * item.size ? '\t' : gap > WORD_GAP * item.size && !line.endsWith(' ') && !item.str.startsWith(' ') ? ' ' : '';
      line += item.str;
      end = item.x + item.width;
    }
    return line;
  });
}

/**
 * Where a page splits into two columns: an x between 20 % and 60 % of its width that
 * (almost) no piece crosses, with enough pieces on each side. Null for one column.
 */
export function columnGutter(page: PdfTextPage): number | null {
  const items = page.items;
  let best: { x: number; crossing: number } | null = null;
  const allowed = Math.max(2, Math.floor(items.length * COLUMN_MAX_CROSSING));
  for (let x = page.width * 0.2; x <= page.width * 0.6; x += 4) {
    let left = 0;
    let right = 0;
    let crossing = 0;
    for (const item of items) {
      if (item.x + item.width <= x) left += 1;
      else if (item.x >= x) right += 1;
      else crossing += 1;
    }
    if (left >= COLUMN_MIN_ITEMS && right >= COLUMN_MIN_ITEMS && crossing <= allowed && (!best || crossing < best.crossing)) best = { x, crossing };
  }
  return best?.x ?? null;
}

/**
 * A page's text, one line a line, columns one after the other: pieces crossing the gutter
 * first (a name above both), then the column that starts higher on the page (where the
 * eye starts), then the other.
 */
export function pageText(page: PdfTextPage): string {
  const items = page.items.filter((item) => item.str.trim() !== '');
  const gutter = columnGutter({ ...page, items });
  if (gutter === null) return linesOf(items).join('\n');
  const left = items.filter((item) => item.x + item.width <= gutter);
  const right = items.filter((item) => item.x >= gutter);
  const crossing = items.filter((item) => !left.includes(item) && !right.includes(item));
  const top = (column: PdfTextItem[]) => Math.max(...column.map((item) => item.y));
  const [first, second] = top(right) > top(left) ? [right, left] : [left, right];
  return [...linesOf(crossing), ...linesOf(first), ...linesOf(second)].join('\n');
}
