// The CV corpus (tests/fixtures/cvs, made by scripts/make-cv-corpus.mjs) read and scored
// field by field against what a careful person would type from each CV. Shared by the
// benchmark (bench/cv-import.ts) and the test that keeps the score up
// (tests/unit/cv-import/cv-corpus.test.ts).
//
// How a CV is scored, each point right or wrong:
// - profileName, jobTitle, email, location: one point each, compared without case,
//   accents or punctuation; phone: one point, its digits compared. An expected blank that
//   the reader fills (or the reverse) is wrong.
// - links and skills: one point per address or label in either list: right when in both,
//   wrong when missed or when found but not expected (so extra finds cost as much as misses).
// - languages: per expected language two points, the language and its level; each
//   language found but not expected is one wrong point.
// - experience: per expected entry five points, company, title, start date, end date and
//   "current", against the found entry that agrees with it most; education: per expected
//   entry four points, school, degree with field (read together, so "MSc | Computer
//   Science" and "MSc in | Computer Science" agree), start and end. Each entry found but
//   not expected is one wrong point; a missed entry scores nothing.
// Descriptions and the summary are not scored (free text).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CvSuggestion } from '../src/lib/cv-import/cv-suggestion';
import { fold } from '../src/lib/cv-import/cv-sections';

/** From the project root, where the test runner and the benchmark (bundled into dist/bench) both run. */
export const CORPUS_DIR = path.resolve('tests/fixtures/cvs');

export interface ExpectedCv {
  profileName: string | null;
  jobTitle: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  links: string[];
  experience: Array<{ company: string; title: string | null; startDate: string | null; endDate: string | null; current: boolean }>;
  education: Array<{ school: string; degree: string | null; field: string | null; startDate: string | null; endDate: string | null }>;
  skills: string[];
  languages: Array<{ language: string; level: string | null }>;
}

export interface CorpusFile {
  name: string;
  file: string;
  contentType: 'application/pdf' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  expected: ExpectedCv;
}

export async function readCorpus(): Promise<CorpusFile[]> {
  const names = (await readdir(CORPUS_DIR)).filter((name) => /\.(pdf|docx)$/.test(name)).sort();
  return Promise.all(
    names.map(async (file) => ({
      name: file.replace(/\.(pdf|docx)$/, ''),
      file: path.join(CORPUS_DIR, file),
      contentType: file.endsWith('.pdf') ? ('application/pdf' as const) : ('application/vnd.openxmlformats-officedocument.wordprocessingml.document' as const),
      expected: JSON.parse(await readFile(path.join(CORPUS_DIR, file.replace(/\.(pdf|docx)$/, '.expected.json')), 'utf8')) as ExpectedCv,
    })),
  );
}

export interface Score {
  right: number;
  total: number;
  /** The fields scored wrong, as "field: expected ≠ found". */
  misses: string[];
}

const norm = (text: string | null | undefined) => fold(text ?? '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');
const urlKey = (url: string) => url.toLowerCase().replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '');
const CONNECTORS = new Set(['in', 'en', 'of', 'de', 'd', 'du', 'des']);
const degreeKey = (degree?: string | null, field?: string | null) =>
  norm(`${degree ?? ''} ${field ?? ''}`)
    .split(' ')
    .filter((word) => word && !CONNECTORS.has(word))
    .join(' ');

class Tally implements Score {
  right = 0;
  total = 0;
  misses: string[] = [];
  check(field: string, ok: boolean, expected: unknown, found: unknown) {
    this.total += 1;
    if (ok) this.right += 1;
    else this.misses.push(`${field}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(found)}`);
  }
  sets(field: string, expected: string[], found: string[]) {
    const want = new Set(expected);
    const got = new Set(found);
    for (const item of want) this.check(field, got.has(item), item, got.has(item) ? item : null);
    for (const item of got) if (!want.has(item)) this.check(field, false, null, item);
  }
}

/** Pairs each expected entry with the unpaired found entry that agrees on most fields (at least one). */
function pair<E, F>(expected: E[], found: F[], agreement: (e: E, f: F) => number): Array<[E, F | null]> {
  const free = new Set(found.map((_, index) => index));
  return expected.map((entry) => {
    let best = -1;
    let bestScore = 0;
    for (const index of free) {
      const score = agreement(entry, found[index]!);
      if (score > bestScore) [best, bestScore] = [index, score];
    }
    if (best < 0) return [entry, null];
    free.delete(best);
    return [entry, found[best]!];
  });
}

export function scoreCv(expected: ExpectedCv, found: CvSuggestion): Score {
  const tally = new Tally();
  for (const field of ['profileName', 'jobTitle', 'email', 'location'] as const) tally.check(field, norm(expected[field]) === norm(found[field]), expected[field], found[field]);
  tally.check('phone', digits(expected.phone) === digits(found.phone), expected.phone, found.phone);
  tally.sets('link', expected.links.map(urlKey), found.links.map((link) => urlKey(link.url)));
  tally.sets('skill', expected.skills.map(norm), found.skills.map((skill) => norm(skill.name)));

  const languages = new Map(found.languages.map((language) => [norm(language.language), language]));
  for (const language of expected.languages) {
    const match = languages.get(norm(language.language));
    tally.check('language', match !== undefined, language.language, match?.language ?? null);
    tally.check(`language level (${language.language})`, (match?.level ?? null) === language.level, language.level, match?.level ?? null);
    languages.delete(norm(language.language));
  }
  for (const extra of languages.values()) tally.check('language', false, null, extra.language);

  const experienceFields = (e: ExpectedCv['experience'][number], f: CvSuggestion['experience'][number] | null) => [
    ['company', norm(e.company) === norm(f?.company), e.company, f?.company],
    ['title', norm(e.title) === norm(f?.title), e.title, f?.title],
    ['startDate', (e.startDate ?? null) === (f?.startDate ?? null) && f !== null, e.startDate, f?.startDate],
    ['endDate', (e.endDate ?? null) === (f?.endDate ?? null) && f !== null, e.endDate, f?.endDate],
    ['current', e.current === (f?.current ?? null), e.current, f?.current],
  ] as const;
  const experiencePairs = pair(expected.experience, found.experience, (e, f) => experienceFields(e, f).filter(([, ok]) => ok).length);
  for (const [entry, match] of experiencePairs) for (const [field, ok, want, got] of experienceFields(entry, match)) tally.check(`experience ${field}`, ok, want, got ?? null);
  for (let extra = experiencePairs.filter(([, match]) => match).length; extra < found.experience.length; extra += 1) tally.check('experience', false, null, 'an entry not expected');

  const educationFields = (e: ExpectedCv['education'][number], f: CvSuggestion['education'][number] | null) => [
    ['school', norm(e.school) === norm(f?.school), e.school, f?.school],
    ['degree', degreeKey(e.degree, e.field) === degreeKey(f?.degree, f?.field) && f !== null, `${e.degree} | ${e.field}`, f ? `${f.degree} | ${f.field}` : null],
    ['startDate', (e.startDate ?? null) === (f?.startDate ?? null) && f !== null, e.startDate, f?.startDate],
    ['endDate', (e.endDate ?? null) === (f?.endDate ?? null) && f !== null, e.endDate, f?.endDate],
  ] as const;
  const educationPairs = pair(expected.education, found.education, (e, f) => educationFields(e, f).filter(([, ok]) => ok).length);
  for (const [entry, match] of educationPairs) for (const [field, ok, want, got] of educationFields(entry, match)) tally.check(`education ${field}`, ok, want, got ?? null);
  for (let extra = educationPairs.filter(([, match]) => match).length; extra < found.education.length; extra += 1) tally.check('education', false, null, 'an entry not expected');
  return tally;
}
