import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No hard-coded user-facing text (docs/french.md): every word a page or an island shows comes
// from the locale files through `t`. This reads the templates as text: what is left of an
// Astro template once its frontmatter, comments, scripts, styles, expressions ({...}) and
// tags are taken out, and the text between the tags of an island's JSX, must hold no word;
// and no attribute people read (aria-label, title, placeholder, alt) may be written out.
// The end-to-end French crawl (tests/e2e/french-crawl.spec.ts) checks the rendered pages.

function filesUnder(directory: string, extension: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesUnder(full, extension) : full.endsWith(extension) ? [full] : [];
  });
}

const WORD = /\p{L}{2}/u;
const READ_ATTRIBUTE = /\b(aria-label|title|placeholder|alt)="([^"{]*\p{L}{2}[^"]*)"/gu;

/** An Astro template's text outside expressions and tags. */
function astroTemplateWords(source: string): string[] {
  const template = source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  let outside = '';
  let depth = 0;
  for (const character of template) {
    if (character === '{') depth += 1;
    else if (character === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += character;
  }
  const words = outside
    .replace(/<[^>]*>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => WORD.test(line));
  return [...words, ...[...template.matchAll(READ_ATTRIBUTE)].map((match) => `${match[1]}="${match[2]}"`)];
}

/** An island's JSX text between tags (not an expression, not code). */
function jsxWords(source: string): string[] {
  const between = [...source.matchAll(/>([^<>{}]*\p{L}{2}[^<>{}]*)</gu)].map((match) => match[1]!.trim()).filter((text) => text && !/[;=]|&&|\|\||=>|^[\w.]+\(/.test(text));
  return [...between, ...[...source.matchAll(READ_ATTRIBUTE)].map((match) => `${match[1]}="${match[2]}"`)];
}

describe('no hard-coded text', () => {
  it('finds a written-out word, and only that, in a template', () => {
    expect(astroTemplateWords('---\nconst a = "x";\n---\n<p>{t("a")}</p><button aria-label="Close">{t("b")}</button><!-- a note -->')).toEqual(['aria-label="Close"']);
    expect(astroTemplateWords('<h1>Welcome</h1><p>{items.map((item) => <li>{item}</li>)}</p>')).toEqual(['Welcome']);
    expect(jsxWords('return <p>{t("a")}</p>; const b = <span>Saved</span>;')).toEqual(['Saved']);
  });

  it('in no Astro page, layout or component', () => {
    const found = filesUnder('src', '.astro').flatMap((file) => astroTemplateWords(readFileSync(file, 'utf8')).map((words) => `${file}: ${words}`));
    expect(found).toEqual([]);
  });

  it('in no React island', () => {
    const found = filesUnder('src', '.tsx').flatMap((file) => jsxWords(readFileSync(file, 'utf8')).map((words) => `${file}: ${words}`));
    expect(found).toEqual([]);
  });
});
