import { escapeLike } from '../db/like-pattern';
import { and, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { JobSearchParams } from '../../lib/jobs/search-params';
import type { AppDatabase } from '../db/client';
import { company, jobAd } from '../db/schema';
import { clampSuggestionLimit, type JobSearch, type JobSearchResult, type JobSuggestion } from './job-search';
import { openJobAd } from './open-job-ad';
import { allowsTypos, fieldVector, matches, prefixQueryText, searchWords, titleResemblance, titleResembles } from './postgres-text-query';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Escapes LIKE wildcards so that "50%" means the text "50%". */
const likeContains = (text: string) => `%${escapeLike(text)}%`;

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

type HitRow = { id: string; total: number };

/** A search statement before its page is cut: the rows (with a total) and their order. */
interface Ranked {
  rows: SQL;
  order: SQL;
}

function byDate(params: JobSearchParams): SQL {
  return params.sortBy === 'oldest' ? sql`published_at asc, id asc` : sql`published_at desc, id desc`;
}

/**
 * Ranked text search in one statement. Full-text matches (tier 0) come first; only when
 * there are none do prefix matches (tier 1: 'reac' finds React) and, on titles, typo
 * matches (tier 2: 'devloper' finds Developer) stand in for them. The fallback is a CTE
 * gated on the first one being empty, so a search is one round trip whatever the tier.
 */
function textSearch(params: JobSearchParams, now: Date): Ranked {
  const query = sql`websearch_to_tsquery('simple', ${params.q})`;
  const vector = fieldVector(params.queryBy);
  const prefixText = prefixQueryText(params.q);
  const prefix = prefixText === null ? null : sql`to_tsquery('simple', ${prefixText})`;
  const prefixMatch = prefix === null ? sql`false` : matches(params.queryBy, prefix);
  const lowerText = searchWords(params.q).join(' ');
  const typoMatch = params.queryBy.includes('title') && allowsTypos(lowerText) ? titleResembles(lowerText) : sql`false`;
  const filters = filtersOf(params, now);
  return {
    rows: sql`
      with text_hits as (
        select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at, 0 as tier, ts_rank_cd(${vector}, ${query})::float8 as score
        from ${jobAd} inner join ${company} on ${company.id} = ${jobAd.publisherCompanyId}
        where ${filters} and ${matches(params.queryBy, query)}
      ),
      fallback_hits as (
        select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at,
          case when ${prefixMatch} then 1 else 2 end as tier,
          (case when ${prefixMatch} then ts_rank_cd(${vector}, ${prefix ?? query}) else ${lowerText ? titleResemblance(lowerText) : sql`0`} end)::float8 as score
        from ${jobAd} inner join ${company} on ${company.id} = ${jobAd.publisherCompanyId}
        where not exists (select 1 from text_hits) and ${filters} and (${prefixMatch} or ${typoMatch})
      )
      select id, published_at, tier, score, (count(*) over ())::int as total
      from (select * from text_hits union all select * from fallback_hits) as hits`,
    order: params.sortBy === 'relevance' ? sql`tier asc, score desc, published_at desc, id desc` : byDate(params),
  };
}

/** Without a query (spec §5): no text search, the newest open ads passing the filters. */
function listing(params: JobSearchParams, now: Date): Ranked {
  return {
    rows: sql`
      select ${jobAd.id} as id, ${jobAd.publishedAt} as published_at, (count(*) over ())::int as total
      from ${jobAd} inner join ${company} on ${company.id} = ${jobAd.publisherCompanyId}
      where ${filtersOf(params, now)}`,
    order: byDate(params),
  };
}

const paged = ({ rows, order }: Ranked, params: JobSearchParams) =>
  sql`select id, total from (${rows}) as ranked order by ${order} limit ${params.perPage} offset ${(params.page - 1) * params.perPage}`;

/**
 * The default search adapter: PostgreSQL full-text search over the generated, GIN-indexed
 * search_vector (weights title > skills > location/employment type > description), with
 * prefix and pg_trgm fallbacks. Runs the same on PGlite.
 */
export function createPostgresJobSearch(db: AppDatabase): JobSearch {
  return {
    async search(params, now = new Date()): Promise<JobSearchResult> {
      const ranked = params.q ? textSearch(params, now) : listing(params, now);
      const { rows } = await db.execute<HitRow>(paged(ranked, params));
      if (rows.length || params.page === 1) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
      // A page past the last one has no row to carry the total: count once more.
      const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total from (${ranked.rows}) as hits`);
      return { ids: [], total: counted.rows[0]?.total ?? 0 };
    },

    async suggest(q, limit): Promise<JobSuggestion[]> {
      const words = searchWords(q);
      if (!words.length) return [];
      const lowerText = words.join(' ');
      const prefix = sql`to_tsquery('simple', ${prefixQueryText(q)})`;
      const prefixMatch = matches(['title'], prefix);
      // Tiers: the title starts with the text, a later word does, a typo match. Among
      // prefix matches the shorter title is the closer one ('eng': "Data Engineer" before
      // "Lead Machine Learning Engineer"); among typo matches, the most similar.
      const tier = sql`case when lower(${jobAd.title}) like ${`${words[0]}%`} and ${prefixMatch} then 0 when ${prefixMatch} then 1 else 2 end`;
      const { rows } = await db.execute<{ id: string; title: string }>(sql`
        select id, title from (
          select distinct on (lower(${jobAd.title})) ${jobAd.id} as id, ${jobAd.title} as title, ${tier} as tier,
            ${titleResemblance(lowerText)}::float8 as resemblance
          from ${jobAd} inner join ${company} on ${company.id} = ${jobAd.publisherCompanyId}
          where ${openJobAd(new Date())} and (${prefixMatch} or ${allowsTypos(lowerText) ? titleResembles(lowerText) : sql`false`})
          order by lower(${jobAd.title}), ${jobAd.publishedAt} desc
        ) as titles
        order by tier asc, case when tier < 2 then length(title) else 0 end asc, resemblance desc, lower(title) asc
        limit ${clampSuggestionLimit(limit)}`);
      return rows.map((row) => ({ id: row.id, title: row.title }));
    },
  };
}
