import { escapeLike } from '../db/like-pattern';
import { and, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { JobSearchParams } from '../../lib/job-ads/search-params';
import type { AppDatabase } from '../db/client';
import { company, jobAd, jobTitleSuggestion } from '../db/schema';
import { clampSuggestionLimit, type JobSearch, type JobSearchResult, type JobSuggestion } from './job-search';
import { openJobAd } from './open-job-ad';
import { allowsTypos, fieldVector, matches, prefixQueryText, searchWords, titleResemblance, typoTitleKeys } from './postgres-text-query';
import { jobAdQueryReadings, jobAdTextQuery, textSearchConfig } from '../db/text-search';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counting stops here: past it the total shows as "1,000+" and pages end at the cap (as
 * large job boards do). Counting costs one visit per counted ad, so the cap bounds the
 * cost of every search; at 10,000 the count alone took 25-200 ms at 100k ads.
 */
export const DEFAULT_COUNT_CAP = 1_000;
/**
 * Relevance ranks only the newest this many matches; after them the rest follow newest
 * first. Finding them walks the ads newest first testing each one's vector, and ranking
 * reads each one's vector again: the costly part of a search.
 */
export const DEFAULT_RANK_WINDOW = 200;
/** Candidate titles read per wanted suggestion: a title whose ads all closed since its row was counted is skipped. */
const SUGGESTION_OVERFETCH = 4;

export interface PostgresJobSearchOptions {
  countCap?: number;
  rankWindow?: number;
}

/** Escapes LIKE wildcards so that "50%" means the text "50%". */
const likeContains = (text: string) => `%${escapeLike(text)}%`;

const fromAds = sql`${jobAd} inner join ${company} on ${company.id} = ${jobAd.publisherCompanyId}`;

/** Open ads passing the filters; needs `company` joined on the publisher. */
function filtersOf(params: JobSearchParams, now: Date): SQL {
  const conditions: SQL[] = [openJobAd(now)];
  if (params.employmentType.length) conditions.push(inArray(jobAd.employmentType, params.employmentType));
  if (params.workMode.length) conditions.push(inArray(jobAd.workMode, params.workMode));
  if (params.assignmentType.length) conditions.push(inArray(jobAd.assignmentType, params.assignmentType));
  if (params.location) conditions.push(ilike(jobAd.location, likeContains(params.location)));
  // Amounts compare only within one currency and rate unit when the searcher names them.
  if (params.salaryMin !== null) conditions.push(gte(jobAd.salary, params.salaryMin));
  if (params.salaryMax !== null) conditions.push(lte(jobAd.salary, params.salaryMax));
  if (params.currency !== null) conditions.push(eq(jobAd.currency, params.currency));
  if (params.salaryRateUnit !== null) conditions.push(eq(jobAd.salaryRateUnit, params.salaryRateUnit));
  if (params.postedWithinDays !== null) conditions.push(gte(jobAd.publishedAt, new Date(now.getTime() - params.postedWithinDays * DAY_MS)));
  return and(...conditions)!;
}

const dateOrder = (params: JobSearchParams, table = sql``) =>
  params.sortBy === 'oldest' ? sql`${table}published_at asc, ${table}id asc` : sql`${table}published_at desc, ${table}id desc`;

/** How many rows `where` matches, counting no further than cap + 1 (a LIMIT, so the cost stays bounded). */
const cappedCount = (where: SQL, cap: number) => sql`select count(*)::int as n from (select 1 from ${fromAds} where ${where} limit ${cap + 1}) as capped`;

/** The first `rows` matches of `where` in date order (an index walk or a bounded top-N), with their position. */
const newest = (where: SQL, rows: number, params: JobSearchParams, source: number) =>
  sql`select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at, ${sql.raw(String(source))} as source from ${fromAds} where ${where} order by ${dateOrder(params, sql`job_ad.`)} limit ${rows}`;

/**
 * The text matches' first `rows` in date order, read as text_total's count says is cheap.
 * Up to the cap, every match is read through the text index and sorted (OFFSET 0 keeps the
 * planner from walking the date index instead: it guesses the matches of a query from its
 * words, an OR of three readings looks three times as common as one word, and a walk then
 * read all the ads when a rare word matched few or none). Past the cap, newest() decides.
 * One-time filters: only one of the two runs.
 */
const textMatches = (where: SQL, rows: number, params: JobSearchParams, cap: number) => sql`
  (select id, published_at, 0 as source from (
    select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at from ${fromAds}
    where (select n from text_total) <= ${cap} and ${where} offset 0
  ) as few order by ${dateOrder(params, sql`few.`)} limit ${rows})
  union all
  (${newest(sql`(select n from text_total) > ${cap} and ${where}`, rows, params, 0)})`;

interface Paging {
  offset: number;
  perPage: number;
  cap: number;
  window: number;
}

/**
 * Text search: full-text matches (source 0) first; only when there are none do prefix
 * matches ('reac' finds React, tier 1) and title typos ('devloper' finds Developer, tier
 * 2) stand in for them. One statement whatever the tier: the fallback CTEs are gated on
 * the full-text count being 0, a one-time filter, so they do not run otherwise.
 *
 * The cost is bounded whatever the number of matches: the counts stop at the cap, only
 * the rows up to the page's end are read in date order, and with relevance only the newest
 * `window` matches are ranked (then the rest follow newest first).
 */
function textSearch(params: JobSearchParams, readings: readonly string[], now: Date, paging: Paging): SQL {
  const query = jobAdTextQuery(readings);
  const vector = fieldVector(params.queryBy);
  const prefixText = prefixQueryText(params.q);
  const prefix = prefixText === null ? null : sql`to_tsquery(${textSearchConfig}, ${prefixText})`;
  const prefixMatch = prefix === null ? sql`false` : matches(params.queryBy, prefix);
  const lowerText = searchWords(params.q).join(' ');
  const typos = params.queryBy.includes('title') && allowsTypos(lowerText);
  // = any(array(...)), not in (...): an array parameter lets the lower(title) index serve the
  // typo titles, OR-ed by bitmap with the GIN index for the prefixes.
  const typoMatch = typos ? sql`lower(${jobAd.title}) = any(array(select title_key from typo_titles))` : sql`false`;
  const filters = filtersOf(params, now);
  const textWhere = sql`${filters} and ${matches(params.queryBy, query)}`;
  const fallbackWhere = sql`(select n from text_total) = 0 and ${filters} and (${prefixMatch} or ${typoMatch})`;
  const relevance = params.sortBy === 'relevance';
  const rows = relevance ? Math.max(paging.window, paging.offset + paging.perPage) : paging.offset + paging.perPage;
  const tier = sql`case when source = 0 then 0 when ${prefixMatch} then 1 else 2 end`;
  const score = sql`case when source = 0 then ts_rank_cd(${vector}, ${query})
    when ${prefixMatch} then ts_rank_cd(${vector}, ${prefix ?? query})
    else ${titleResemblance(sql`lower(${jobAd.title})`, lowerText)} end`;
  // Ranked: the window joined back to its rows for scoring; past the window, date order.
  const ranked = relevance
    ? sql`
      select candidates.id, candidates.position, ${tier} as tier, ${score}::float8 as score
      from candidates inner join ${jobAd} on ${jobAd.id} = candidates.id
      where candidates.position <= ${paging.window}
      union all
      select id, position, null, null from candidates where position > ${paging.window}`
    : sql`select id, position, null::int as tier, null::float8 as score from candidates`;
  return sql`
    with text_total as (${cappedCount(textWhere, paging.cap)}),
    typo_titles as (${typos ? sql`${typoTitleKeys(lowerText)} where (select n from text_total) = 0` : sql`select null::text as title_key where false`}),
    fallback_total as (${cappedCount(fallbackWhere, paging.cap)}),
    totals as (select (select n from text_total) + (select n from fallback_total) as n),
    candidates as (
      select id, source, row_number() over (order by ${dateOrder(params)}) as position
      from (${textMatches(textWhere, rows, params, paging.cap)} union all (${newest(fallbackWhere, rows, params, 1)})) as matched
    ),
    ranked as (${ranked}),
    page as (
      select id, row_number() over (order by position > ${paging.window}, tier, score desc, position) as ord
      from ranked order by position > ${paging.window}, tier, score desc, position
      limit ${paging.perPage} offset ${paging.offset}
    )
    select page.id, totals.n as total from totals left join page on true order by page.ord`;
}

/** Without a query (an empty query performs no search): no text search, the newest open ads passing the filters. */
function listing(params: JobSearchParams, now: Date, paging: Paging): SQL {
  const filters = filtersOf(params, now);
  return sql`
    with totals as (${cappedCount(filters, paging.cap)}),
    page as (
      select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at
      from ${fromAds} where ${filters}
      order by ${dateOrder(params, sql`job_ad.`)} limit ${paging.perPage} offset ${paging.offset}
    )
    select page.id, totals.n as total from totals left join page on true order by ${dateOrder(params, sql`page.`)}`;
}

type HitRow = { id: string | null; total: number };

/** The distinct readings of the search words (one short statement before the search). */
async function queryReadings(db: AppDatabase, q: string): Promise<string[]> {
  const { rows } = await db.execute<{ reading: string }>(jobAdQueryReadings(q));
  return rows.map((row) => row.reading);
}

/**
 * The default search adapter: PostgreSQL full-text search over the generated, GIN-indexed
 * search_vector (weights title > skills > location/employment type > description), with
 * prefix and pg_trgm fallbacks, and suggestions from the distinct titles in
 * job_title_suggestion. Runs the same on PGlite. `countCap` and `rankWindow` bound the
 * work of one search (tests make them small).
 */
export function createPostgresJobSearch(db: AppDatabase, options: PostgresJobSearchOptions = {}): JobSearch {
  const cap = options.countCap ?? DEFAULT_COUNT_CAP;
  const window = options.rankWindow ?? DEFAULT_RANK_WINDOW;
  return {
    async search(params, now = new Date()): Promise<JobSearchResult> {
      const offset = (params.page - 1) * params.perPage;
      // No page starts past the cap: for one, an empty page at offset 0 (so no walk goes
      // past the cap either) and the bounded count.
      const paging: Paging = offset >= cap ? { offset: 0, perPage: 0, cap, window } : { offset, perPage: Math.min(params.perPage, cap - offset), cap, window };
      const statement = params.q ? textSearch(params, await queryReadings(db, params.q), now, paging) : listing(params, now, paging);
      const { rows } = await db.execute<HitRow>(statement);
      const counted = rows[0]?.total ?? 0;
      return {
        ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])),
        total: Math.min(counted, cap),
        totalIsExact: counted <= cap,
      };
    },

    async suggest(q, limit): Promise<JobSuggestion[]> {
      const words = searchWords(q);
      if (!words.length) return [];
      const lowerText = words.join(' ');
      const wanted = clampSuggestionLimit(limit);
      const now = new Date();
      const titleKey = sql`${jobTitleSuggestion.titleKey}`;
      const prefixMatch = sql`${jobTitleSuggestion.titleWords} @@ to_tsquery(${textSearchConfig}, ${prefixQueryText(q)})`;
      const typoMatch = allowsTypos(lowerText) ? sql`${titleKey} in (${typoTitleKeys(lowerText)})` : sql`false`;
      // Tiers: the title starts with the text, a later word does, a typo match. Among
      // prefix matches the shorter title is the closer one ('eng': "Data Engineer" before
      // "Lead Machine Learning Engineer"), then the more advertised; among typo matches,
      // the most similar. Each title shows as its newest open ad (id and spelling).
      const { rows } = await db.execute<{ id: string; title: string }>(sql`
        with titles as (
          select title_key, ad_count, tier, case when tier < 2 then length(title_key) else 0 end as closeness, resemblance
          from (
            select ${titleKey} as title_key, ${jobTitleSuggestion.adCount} as ad_count,
              case when ${titleKey} like ${`${words[0]}%`} and ${prefixMatch} then 0 when ${prefixMatch} then 1 else 2 end as tier,
              ${titleResemblance(titleKey, lowerText)}::float8 as resemblance
            from ${jobTitleSuggestion}
            where ${lte(jobTitleSuggestion.openFrom, now)} and ${or(isNull(jobTitleSuggestion.openUntil), gt(jobTitleSuggestion.openUntil, now))}
              and (${prefixMatch} or ${typoMatch})
          ) as matched
          order by tier, closeness, resemblance desc, ad_count desc, title_key
          limit ${wanted * SUGGESTION_OVERFETCH}
        )
        select ad.id, ad.title
        from titles cross join lateral (
          select ${jobAd.id} as id, ${jobAd.title} as title from ${fromAds}
          where lower(${jobAd.title}) = titles.title_key and ${openJobAd(now)}
          order by ${jobAd.publishedAt} desc limit 1
        ) as ad
        order by titles.tier, titles.closeness, titles.resemblance desc, titles.ad_count desc, titles.title_key
        limit ${wanted}`);
      return rows.map((row) => ({ id: row.id, title: row.title }));
    },
  };
}
