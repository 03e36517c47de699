import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../src/lib/i18n/namespaces';

// The key parity rule (docs/french.md): every text exists in every language, file for file
// and key for key. Plurals are the one difference: each language has the plural forms its
// own rules need (Intl.PluralRules: English one and other, French one, many and other),
// plus `zero` where the English has it.

const PLURAL = /_(zero|one|two|few|many|other)$/;

function localeFiles(language: Language): string[] {
  const root = path.resolve('src/locales', language);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : name.endsWith('.json') ? [path.relative(root, full)] : [];
    });
  return walk(root).sort();
}

/** Every leaf of a locale file: key path and value (a list counts as one leaf). */
function leaves(tree: unknown, prefix = ''): Array<[string, unknown]> {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const read = (language: Language, file: string) => JSON.parse(readFileSync(path.resolve('src/locales', language, file), 'utf8')) as unknown;
const placeholders = (value: unknown) => (typeof value === 'string' ? [...value.matchAll(/\{\{\s*([\w$]+)/g)].map((match) => match[1]!).filter((name) => name !== 'count').sort() : []);

describe('the key parity rule', () => {
  const english = localeFiles('en');

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has the same files as English', (language) => {
    expect(localeFiles(language)).toEqual(english);
  });

  for (const language of LANGUAGES) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    describe(language, () => {
      it('has every key of English and no other, plural forms by its own plural rules', () => {
        const problems: string[] = [];
        for (const file of english) {
          const base = new Map(leaves(read('en', file)));
          const here = new Map(leaves(read(language, file)));
          const families = (keys: Iterable<string>) => {
            const found = new Map<string, Set<string>>();
            for (const key of keys) {
              const match = PLURAL.exec(key);
              if (match) found.set(key.slice(0, match.index), (found.get(key.slice(0, match.index)) ?? new Set()).add(match[1]!));
            }
            return found;
          };
          const baseFamilies = families(base.keys());
          const hereFamilies = families(here.keys());
          for (const key of base.keys()) if (!PLURAL.test(key) && !here.has(key)) problems.push(`${file}: ${key} missing`);
          for (const key of here.keys()) if (!PLURAL.test(key) && !base.has(key)) problems.push(`${file}: ${key} not in English`);
          for (const [family, forms] of baseFamilies) {
            const own = hereFamilies.get(family);
            if (!own) {
              problems.push(`${file}: ${family}_* missing`);
              continue;
            }
            const expected = new Set([...categories, ...(forms.has('zero') ? ['zero'] : [])]);
            if ([...expected].sort().join() !== [...own].sort().join()) problems.push(`${file}: ${family} has ${[...own].sort().join(', ')}, needs ${[...expected].sort().join(', ')}`);
          }
          for (const family of hereFamilies.keys()) if (!baseFamilies.has(family)) problems.push(`${file}: ${family}_* not in English`);
        }
        expect(problems).toEqual([]);
      });

      it('fills the same placeholders as English in every text, and keeps lists as long', () => {
        const problems: string[] = [];
        for (const file of english) {
          const base = new Map(leaves(read('en', file)));
          for (const [key, value] of leaves(read(language, file))) {
            const match = PLURAL.exec(key);
            const englishKey = match ? [`${key.slice(0, match.index)}_other`, key].find((candidate) => base.has(candidate) && (candidate === key || !base.has(key)))! : key;
            const original = base.get(englishKey);
            if (original === undefined) continue; // the parity test above says so
            if (Array.isArray(original) !== Array.isArray(value) || (Array.isArray(original) && original.length !== (value as unknown[]).length)) problems.push(`${file}: ${key} is not a list of ${Array.isArray(original) ? original.length : 0}`);
            if (placeholders(value).join() !== placeholders(original).join()) problems.push(`${file}: ${key} fills {${placeholders(value).join(', ')}}, English {${placeholders(original).join(', ')}}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
