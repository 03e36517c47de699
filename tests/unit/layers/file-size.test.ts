import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The project's rule: no source file over 400 lines. A file that grows past it holds more
// than one responsibility; split it by responsibility (types, queries, mutations, rows,
// rules, data tables) into well-named files beside it, never by cutting it in half.

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx|astro|mjs)$/;

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Lines as `wc -l` counts them, plus a last line that has no newline after it. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

describe('no source file over 400 lines', () => {
  const files = sourceFilesUnder(path.join(root, 'src'));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith('.astro'))).toBe(true);
  });

  it(`keeps every .ts, .tsx, .astro and .mjs file under src/ at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = files
      .map((file) => ({ file: path.relative(root, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong, `split these by responsibility (at most ${MAX_LINES} lines each)`).toEqual([]);
  });
});
