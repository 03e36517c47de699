import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { getTranslator, I18NEXT_OPTIONS_OF_THE_PROCESS, resources } from '../../../src/lib/i18n/i18n';
import { mergeLocaleParts } from '../../../src/lib/i18n/merge-locale-parts';
import { LANGUAGES, namespacesForPath } from '../../../src/lib/i18n/namespaces';
import frenchCommon from '../../../src/locales/fr/common.json' with { type: 'json' };

describe('translation namespaces', () => {
  it('every page uses the common namespace', () => {
    for (const path of ['/', '/jobs', '/company/dashboard', '/talent/profile', '/legal/terms']) {
      expect(namespacesForPath(path)[0]).toBe('common');
    }
  });

  it('company pages, and the admin pages that show companies, also use rbac', () => {
    expect(namespacesForPath('/company/members')).toEqual(['common', 'rbac']);
    expect(namespacesForPath('/admin/company')).toEqual(['common', 'rbac']);
    expect(namespacesForPath('/companyx')).toEqual(['common']);
  });

  it('job-apply pages and the jobs list also use jobs', () => {
    for (const path of ['/jobs', '/job-apply', '/job-apply-form', '/job-apply/success', '/jobs/']) {
      expect(namespacesForPath(path)).toEqual(['common', 'jobs']);
    }
    // The job ad page itself: /job-apply/<id>/<slug>, with or without the slug.
    for (const path of ['/job-apply/3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e', '/job-apply/3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e/frontend-developer']) {
      expect(namespacesForPath(path)).toEqual(['common', 'jobs']);
    }
    expect(namespacesForPath('/job-applyx')).toEqual(['common']);
  });

  it('the talent profile page also uses profile', () => {
    expect(namespacesForPath('/talent/profile')).toEqual(['common', 'profile']);
    expect(namespacesForPath('/talent/profile-sum')).toEqual(['common']);
  });

  it('English and French are configured, English by default, and the default namespace is common', () => {
    expect(Object.keys(resources)).toEqual(['en', 'fr']);
    const t = getTranslator();
    expect(t('nav.jobs')).toBe('Jobs');
    expect(t('jobs:search.placeholder')).toBe('Search for job');
    const french = getTranslator(['common', 'jobs'], 'fr');
    expect(french('nav.jobs')).toBe(frenchCommon.nav.jobs);
    expect(french('nav.jobs')).not.toBe('Jobs');
    expect(french('jobs:search.placeholder')).toBe(resources.fr.jobs.search.placeholder);
  });

  it('French plurals follow the French rules: one for 0 and 1, many for a million; counts are French numbers', () => {
    const french = getTranslator(['jobs'], 'fr');
    const forms = resources.fr.jobs.deadline;
    expect(french('deadline.inDays', { count: 0 })).toBe(forms.inDays_one.replace('{{count, number}}', '0'));
    expect(french('deadline.inDays', { count: 2 })).toBe(forms.inDays_other.replace('{{count, number}}', '2'));
    // 1 000 000, with French narrow no-break spaces: Intl's, as every number of the page.
    expect(french('deadline.inDays', { count: 1_000_000 })).toBe(forms.inDays_many.replace('{{count, number}}', new Intl.NumberFormat('fr-FR').format(1_000_000)));
    expect(getTranslator(['jobs'], 'en')('deadline.inDays', { count: 12_345 })).toContain('12,345');
  });
});

function i18nHas(t: ReturnType<typeof getTranslator>, key: string): boolean {
  // Plural keys exist only as key_one / key_other: ask with a count too.
  return (t(key, { returnObjects: true }) as unknown) !== key || t(key, { count: 2 }) !== key;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(astro|tsx?)$/.test(name) ? [full] : [];
  });
}

describe('no user-facing string outside the locale files', () => {
  it('every literal translation key used in src exists in the English resources', () => {
    const t = getTranslator(['common', 'rbac', 'jobs', 'profile']);
    const missing: string[] = [];
    for (const file of sourceFiles(path.resolve('src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.:]*)'/g)) {
        const key = match[1]!;
        if (!i18nHas(t, key)) missing.push(`${path.relative('.', file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('a namespace kept in several files', () => {
  it('merges the files key by key', () => {
    expect(mergeLocaleParts({ a: { b: 'B' } }, { a: { c: 'C' } }, { d: 'D' })).toEqual({ a: { b: 'B', c: 'C' }, d: 'D' });
  });

  it('keeps lists as lists (returnObjects reads them)', () => {
    const merged = mergeLocaleParts({ home: { points: ['one', 'two'] } }, {});
    expect(Array.isArray((merged.home as { points: unknown }).points)).toBe(true);
  });

  it.each(LANGUAGES)('every file under locales/%s/common/ is merged into the common namespace', (language) => {
    const dir = path.resolve('src/locales', language, 'common');
    const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(30);
    const missing: string[] = [];
    const walk = (file: string, node: unknown, merged: unknown, at: string) => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) {
        if (JSON.stringify(node) !== JSON.stringify(merged)) missing.push(`${file}: ${at}`);
        return;
      }
      for (const [key, value] of Object.entries(node)) walk(file, value, (merged as Record<string, unknown> | undefined)?.[key], at ? `${at}.${key}` : key);
    };
    for (const file of files) walk(file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')), resources[language].common, '');
    expect(missing).toEqual([]);
  });

  it('refuses the same key in two files instead of letting one win', () => {
    expect(() => mergeLocaleParts({ a: { b: 'B' } }, { a: { b: 'other' } })).toThrow('Locale key "a.b" is defined in two files');
    expect(() => mergeLocaleParts({ a: 'A' }, { a: { b: 'B' } })).toThrow('"a"');
  });
});

describe('translations resolved once per namespace list', () => {
  it('gives one translator per namespace list, whose plain keys read the same as i18next resolves them', () => {
    const t = getTranslator(['jobs']);
    expect(getTranslator(['jobs'])).toBe(t);
    expect(getTranslator(['jobs', 'common'])).not.toBe(t);
    const first = t('deadline.today');
    expect(first).toBe(resources.en.jobs.deadline.today);
    expect(t('deadline.today')).toBe(first);
  });

  it('still asks i18next for calls with options: plurals and interpolation differ per call', () => {
    const t = getTranslator(['jobs']);
    expect(t('deadline.inDays', { count: 1 })).toBe('in 1 day');
    expect(t('deadline.inDays', { count: 3 })).toBe('in 3 days');
  });
});

describe.each(LANGUAGES)('a translator in %s resolves each key once', (language) => {
  // The same resources and settings through i18next itself, every call resolved anew.
  const reference = i18next.createInstance();
  void reference.init({ ...I18NEXT_OPTIONS_OF_THE_PROCESS, ns: [...I18NEXT_OPTIONS_OF_THE_PROCESS.ns], supportedLngs: [...I18NEXT_OPTIONS_OF_THE_PROCESS.supportedLngs] });
  const namespaces = ['common', 'rbac', 'jobs', 'profile'] as const;
  const t = getTranslator([...namespaces], language);
  const slow = reference.getFixedT(language, [...namespaces]);
  const keysOf = (tree: object, prefix: string): string[] =>
    Object.entries(tree).flatMap(([name, value]) => (typeof value === 'string' ? [`${prefix}${name}`] : Array.isArray(value) ? [] : keysOf(value as object, `${prefix}${name}.`)));
  const allKeys = [...new Set(namespaces.flatMap((ns) => keysOf(resources[language][ns], ns === 'common' ? '' : `${ns}:`).map((key) => key.replace(/_(zero|one|many|other)$/, ''))))];
  const placeholdersOf = (key: string) => [...String(slow(key, { skipInterpolation: true })).matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]!);

  it('gives the text i18next gives for every key, asked twice, with and without values', () => {
    const differences: string[] = [];
    for (const key of allKeys) {
      const names = placeholdersOf(key);
      const values = Object.fromEntries(names.map((name, index) => [name, name === 'count' ? 3 : index % 2 ? 42 : `<${name}>`]));
      const partial = Object.fromEntries(names.slice(1).map((name) => [name, 'x']));
      for (const options of [undefined, values, partial, { count: 0 }, { count: 1 }, { count: 7 }, { ...values, count: 2 }]) {
        const expected = options === undefined ? slow(key) : slow(key, options);
        for (const round of [1, 2]) {
          const actual = options === undefined ? t(key) : t(key, options);
          if (actual !== expected) differences.push(`${key} ${JSON.stringify(options)} round ${round}: ${String(actual)} ≠ ${String(expected)}`);
        }
      }
    }
    expect(allKeys.length).toBeGreaterThan(500);
    expect(differences).toEqual([]);
  }, 60_000); // every key of every namespace through i18next: seconds on a busy machine

  it('leaves formats, nesting, lists and odd values to i18next', () => {
    if (language === 'en') {
      expect(t('jobs:search.resultsCount', { count: 1234 })).toBe('1,234 open jobs');
      expect(t('jobs:search.resultsCountAtLeast', { count: 10000 })).toBe('10,000+ open jobs');
    }
    expect(t('jobs:search.resultsCount', { count: 1234 })).toBe(slow('jobs:search.resultsCount', { count: 1234 }));
    expect(t('jobs:card.posted', { date: '{{evil}}' })).toBe(slow('jobs:card.posted', { date: '{{evil}}' }));
    expect(t('jobs:card.posted', { date: new Date(0) })).toBe(slow('jobs:card.posted', { date: new Date(0) }));
    expect(t('jobs:card.posted', { date: 'now', context: 'x' })).toBe(slow('jobs:card.posted', { date: 'now', context: 'x' }));
  });

  it('fills a placeholder value as given, special characters included', () => {
    expect(t('jobs:card.posted', { date: '$& $1 <b>' })).toBe(slow('jobs:card.posted', { date: '$& $1 <b>' }));
  });
});
