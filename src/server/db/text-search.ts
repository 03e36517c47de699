import { sql } from 'drizzle-orm';

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
