import { sql, type SQL } from 'drizzle-orm';
import { JOB_SEARCH_FIELDS, type JobSearchField } from '../../lib/job-ads/search-params';
import { jobAd } from '../db/schema';
import { textSearchConfig } from '../db/text-search';

// The generated search_vector weighs title A, skills B, location and employment type C,
// description (with the ad description) D. A search limited to some fields keeps only
// their weights with ts_filter on the stored vector (no re-parsing of the text); location
// and employment type share C, so when only one of them is wanted it is rebuilt from
// its column.
const FIELD_WEIGHT: Record<Exclude<JobSearchField, 'location' | 'employmentType'>, string> = {
  title: 'a',
  skills: 'b',
  description: 'd',
};

const MAX_PREFIX_WORDS = 8;
const MAX_WORD_LENGTH = 60;

export function isAllFields(queryBy: readonly JobSearchField[]): boolean {
  return JOB_SEARCH_FIELDS.every((field) => queryBy.includes(field));
}

/** The tsvector to match for the chosen fields; the stored, indexed one for all five. */
export function fieldVector(queryBy: readonly JobSearchField[]): SQL {
  if (isAllFields(queryBy)) return sql`${jobAd.searchVector}`;
  const weights = queryBy.flatMap((field) => (field in FIELD_WEIGHT ? [FIELD_WEIGHT[field as keyof typeof FIELD_WEIGHT]] : []));
  const wantsLocation = queryBy.includes('location');
  const wantsEmploymentType = queryBy.includes('employmentType');
  if (wantsLocation && wantsEmploymentType) weights.push('c');
  const parts: SQL[] = [];
  if (weights.length) parts.push(sql`ts_filter(${jobAd.searchVector}, ${sql.raw(`'{${weights.sort().join(',')}}'`)}::"char"[])`);
  if (wantsLocation !== wantsEmploymentType) {
    const text = wantsLocation ? sql`coalesce(${jobAd.location}, '')` : sql`coalesce(${jobAd.employmentType}::text, '')`;
    parts.push(sql`setweight(to_tsvector(${textSearchConfig}, ${text}), 'C')`);
  }
  return sql.join(parts, sql` || `);
}

/**
 * `vector @@ query` for the chosen fields. For a subset of the fields the GIN index on
 * search_vector still narrows the rows first: the query's positive part (querytree)
 * must match the whole vector whenever it matches a part of it. querytree is 'T' when
 * nothing is indexable (e.g. only negated words), and then it cannot narrow anything.
 */
export function matches(queryBy: readonly JobSearchField[], query: SQL): SQL {
  if (isAllFields(queryBy)) return sql`${jobAd.searchVector} @@ ${query}`;
  const indexable = sql`(querytree(${query}) = 'T' or ${jobAd.searchVector} @@ querytree(${query})::tsquery)`;
  return sql`(${indexable} and ${fieldVector(queryBy)} @@ ${query})`;
}

/** The words of a text as search lexemes: letters and digits only, lower-cased. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_PREFIX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * A to_tsquery text matching every word as a prefix ('reac' finds "React"), or null when
 * the text has no word. Built from letters and digits only, so the text can never be
 * read as tsquery syntax.
 */
export function prefixQueryText(text: string): string | null {
  const words = searchWords(text);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** pg_trgm: above this similarity of the whole title, or word similarity within it, a title is a typo match. */
export const TITLE_SIMILARITY = 0.3;
// Low enough for a typo in an unfinished word ('devlop'); typo matches only count when nothing else matched.
export const TITLE_WORD_SIMILARITY = 0.4;

/** Shorter texts are unfinished words: prefixes serve them, trigrams would match nearly anything. */
export const MIN_TYPO_TEXT_LENGTH = 4;

export const allowsTypos = (lowerText: string) => lowerText.replace(/\s/g, '').length >= MIN_TYPO_TEXT_LENGTH;

/**
 * Lower-cased titles (job_title_suggestion.title_key) close to the text despite typos
 * ('devloper' finds "developer"): whole-title similarity above TITLE_SIMILARITY or word
 * similarity above TITLE_WORD_SIMILARITY. A set-returning SQL function (migration 0001)
 * so that the trigram index applies with these thresholds; it looks at distinct titles,
 * not at every ad.
 */
export function typoTitleKeys(lowerText: string): SQL {
  return sql`select title_key from job_title_suggestion_typos(${lowerText}, ${TITLE_SIMILARITY}::real, ${TITLE_WORD_SIMILARITY}::real)`;
}

/** How close a lower-cased title is to the text: the better of the two similarities. */
export function titleResemblance(lowerTitle: SQL, lowerText: string): SQL {
  return sql`greatest(similarity(${lowerTitle}, ${lowerText}), word_similarity(${lowerText}, ${lowerTitle}))`;
}
