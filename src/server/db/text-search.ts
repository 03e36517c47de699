import { sql, type SQL } from 'drizzle-orm';

/**
 * The text search configuration of every search document and query (job ads, job title
 * suggestions, talent profiles): PostgreSQL's 'simple', which stems nothing, so that skill
 * names such as "Go", "C++" or "React" stay as written, with accents folded by the unaccent
 * dictionary first, so that "developpeur" finds "développeur" and the reverse, in either
 * language (migration 0039_search_accent_folding).
 */
export const TEXT_SEARCH_CONFIG = 'folded';

/** The configuration as a SQL literal, for to_tsvector(...) and to_tsquery(...). */
export const textSearchConfig = sql.raw(`'${TEXT_SEARCH_CONFIG}'`);

/**
 * The stemming configurations of a job ad's words, by the ad's language (jobAd.language):
 * accents folded as in 'folded', then the language's Snowball stemmer with no stop words
 * dropped, so that "IT", "C" or "Go" still count (migration 0040_search_stemming). A French
 * ad reads "développeurs" as "developpeur"; an English one "developers" as "develop".
 * An ad without a language is stemmed as English, the spec's language; an ad in another
 * language has no stemmed words, its folded ones only.
 */
export const STEMMED_SEARCH_CONFIGS = { fr: 'french_folded', en: 'english_folded' } as const;

const literal = (config: string) => sql.raw(`'${config}'`);

/**
 * A job ad's stemmed words, weighted as its folded ones: `words(config)` builds them with
 * a configuration, and the ad's language chooses which.
 */
export function stemmedByAdLanguage(words: (config: SQL) => SQL): SQL {
  return sql`CASE WHEN "language" = 'fr' THEN ${words(literal(STEMMED_SEARCH_CONFIGS.fr))}
  WHEN "language" IS NULL OR "language" = 'en' THEN ${words(literal(STEMMED_SEARCH_CONFIGS.en))}
  ELSE ''::tsvector END`;
}

/** The readings of a visitor's search words against job ads, in the order they are tried. */
const JOB_AD_QUERY_READINGS = [TEXT_SEARCH_CONFIG, STEMMED_SEARCH_CONFIGS.fr, STEMMED_SEARCH_CONFIGS.en];

/**
 * The statement that reads a visitor's search words against job ads: as written (folded) and
 * as each stemming language reads them, one text per distinct reading. The visitor's
 * language says nothing of the ad's, so a French ad meets the query's French reading and an
 * English ad its English one; the folded reading matches skills and the words of ads in
 * other languages.
 */
export function jobAdQueryReadings(q: string): SQL<{ reading: string }> {
  const readings = JOB_AD_QUERY_READINGS.map((config) => sql`websearch_to_tsquery(${literal(config)}, ${q})::text`);
  return sql`select distinct reading from unnest(array[${sql.join(readings, sql`, `)}]) as reading where reading <> '' order by reading`;
}

/**
 * The readings OR-ed into one tsquery. Equal readings are left out first ("developpeur" reads
 * the same three ways): each repeat made every row's test longer and the planner believe
 * the words more common than they are.
 */
export function jobAdTextQuery(readings: readonly string[]): SQL {
  if (!readings.length) return sql`''::tsquery`;
  return sql`(${sql.join(readings.map((reading) => sql`${reading}::tsquery`), sql` || `)})`;
}
