import { and, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { skillMatch, talentSearchSchema, TALENT_SEARCH_LIMITS, type TalentSearchValues } from '../../../lib/talent-search/talent-search-input';
import { jobAd, jobDescription, talentProfile, type TalentSkill } from '../../db/schema';
import type { ProfilePicture } from '../../db/schema/talents';
import { languageLevelRankSql, languageLevelValue } from '../../../lib/talent-search/language-levels';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { invalidFields } from '../errors';
import { pageWindow } from '../pagination';
import { requireCompanyPermission } from '../auth/company-access';
import { listsHolding } from '../saved-talents/saved-talents';
import { talentsRefusingPool } from '../talent-pools/pool-consent';
import { can } from '../../../lib/permissions/effective-permissions';
import type { AppDatabase, Writer } from '../../db/client';
import type { ApiContext } from '../context';
import { textSearchConfig } from '../../db/text-search';
import { withoutSequentialScans } from '../../db/without-sequential-scans';

// The company's talent search (the /company/talent-search page): visible profiles only,
// filtered by what narrows for real (skills all / any / none, place or relocation, work
// mode, assignment type, availability, a rate range in one currency, languages,
// experience, verification) and ranked by skills overlap, then text relevance, then how
// complete and how recently updated the profile is. Against one of the company's job
// descriptions or ads, the candidates are the talents with at least one of its skills, the
// overlap is with its skills, and each result says which it matches and which it lacks.
// Contact details are never part of a search result.
//
// One engine, two scopes: a company searches visible profiles only and
// ranks against its own job descriptions and ads; the platform's admin
// (findManyAdminTalentProfile, /admin/talent-search) searches every profile that is not
// deleted, hidden ones included and marked as such, and has no references to rank by.

/** Who searches: a company (visible profiles, its references and lists) or the platform admin (every profile). */
export type TalentSearchScope = { kind: 'company'; companyId: string; mayReadLists: boolean } | { kind: 'admin' };

const SEARCH_WORDS = 'talentSearch.errors';

interface ResultRow {
  id: string;
  profileName: string | null;
  jobTitle: string | null;
  location: string | null;
  skills: TalentSkill[];
  profilePicture: ProfilePicture | null;
  hourlyRate: string | null;
  monthlyRate: string | null;
  rateCurrency: string | null;
  isAvailableForHire: boolean;
  availabilityMode: string | null;
  workMode: string | null;
  verificationStatus: string;
  totalExperience: number | null;
  isVisible: boolean;
  reference: string[];
  savedInLists: string[];
  poolDeclined: boolean;
}

const TalentSearchResult = builder.objectRef<ResultRow>('TalentSearchResult').implement({
  description: 'A talent as a company sees it in search: no contact details',
  fields: (t) => ({
    id: t.exposeID('id'),
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    pictureUrl: t.string({ nullable: true, resolve: (row) => row.profilePicture?.optimizedUrl ?? row.profilePicture?.url ?? null }),
    skills: t.stringList({ resolve: (row) => row.skills.map((skill) => skill.name).filter(Boolean) }),
    hourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.hourlyRate }),
    monthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.monthlyRate }),
    rateCurrency: t.exposeString('rateCurrency', { nullable: true }),
    isAvailableForHire: t.exposeBoolean('isAvailableForHire'),
    availabilityMode: t.exposeString('availabilityMode', { nullable: true }),
    workMode: t.exposeString('workMode', { nullable: true }),
    isVerified: t.boolean({ resolve: (row) => row.verificationStatus === 'verified' }),
    totalExperience: t.exposeInt('totalExperience', { nullable: true }),
    matchedSkills: t.stringList({ description: 'Of the reference skills (job description or ad, else the skills asked for), the ones the talent has', resolve: (row) => skillMatch(row.skills.map((skill) => skill.name), row.reference).matched }),
    missingSkills: t.stringList({ description: 'Of the reference skills, the ones the talent lacks', resolve: (row) => skillMatch(row.skills.map((skill) => skill.name), row.reference).missing }),
    savedInLists: t.stringList({ description: "The company's lists holding the talent (empty without companySavedTalent read)", resolve: (row) => row.savedInLists }),
    poolDeclined: t.boolean({ description: "The talent said no to the company's talent pool (declined, withdrew, or let it end): saving her is refused (false without companySavedTalent read)", resolve: (row) => row.poolDeclined }),
    isVisible: t.exposeBoolean('isVisible', { description: "False only in the platform admin's search: the talent hid the profile from companies" }),
  }),
});

interface SearchPage {
  items: ResultRow[];
  /** Matches over all pages; when totalIsExact is false, the cap (the count stopped there). */
  total: number;
  totalIsExact: boolean;
  page: number;
  perPage: number;
  reference: { kind: 'JOB_DESCRIPTION' | 'JOB_AD'; id: string; title: string; skills: string[] } | null;
}

const TalentSearchReference = builder.objectRef<NonNullable<SearchPage['reference']>>('TalentSearchReference').implement({
  fields: (t) => ({ kind: t.exposeString('kind'), id: t.exposeID('id'), title: t.exposeString('title'), skills: t.exposeStringList('skills') }),
});

const TalentSearchPage = builder.objectRef<SearchPage>('TalentSearchPage').implement({
  fields: (t) => ({
    items: t.field({ type: [TalentSearchResult], resolve: (page) => page.items }),
    total: t.exposeInt('total', { description: `Matching talents over all pages, counted up to ${TALENT_SEARCH_LIMITS.countCap}; the cap when totalIsExact is false` }),
    totalIsExact: t.exposeBoolean('totalIsExact', { description: `False when more than ${TALENT_SEARCH_LIMITS.countCap} talents match: pages end there, and skills and relevance rank ${TALENT_SEARCH_LIMITS.countCap} of them, the most complete first` }),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    pageCount: t.int({ resolve: (page) => Math.max(1, Math.ceil(page.total / page.perPage)) }),
    reference: t.field({ type: TalentSearchReference, nullable: true, resolve: (page) => page.reference }),
  }),
});

const TalentSearchInput = builder.inputType('TalentSearchInput', {
  fields: (t) => ({
    q: t.string({ description: 'Words of the name, title, skills or summary' }),
    skillsAll: t.stringList({ description: 'The talent has every one of these' }),
    skillsAny: t.stringList({ description: 'The talent has at least one of these' }),
    skillsExcluded: t.stringList({ description: 'The talent has none of these' }),
    location: t.string({ description: 'Part of the place the talent lives' }),
    includeRelocation: t.boolean({ description: 'Also talents willing to move there' }),
    workMode: t.stringList(),
    assignmentType: t.stringList(),
    availableOnly: t.boolean(),
    rateUnit: t.string({ description: 'HOUR (default) or MONTH' }),
    rateMin: t.string(),
    rateMax: t.string(),
    rateCurrency: t.string({ description: 'ISO 4217; needed with a rate range (rates are never converted)' }),
    languages: t.stringList({ description: 'The talent speaks every one of these' }),
    languageLevel: t.string({ description: 'A1, A2, B1, B2, C1, C2 or NATIVE: at least this level in every language asked for' }),
    minExperience: t.int({ description: 'Years' }),
    verifiedOnly: t.boolean(),
    matchJobDescriptionId: t.id({ description: "Rank by the skills of one of the company's job descriptions" }),
    matchJobAdId: t.id({ description: "Rank by the skills of one of the company's job ads" }),
    talentProfileIds: t.idList({ description: `Only these talents (at most ${TALENT_SEARCH_LIMITS.perPage}): a selection, e.g. the talents to invite` }),
  }),
});

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/**
 * The reference skills: the job description's or ad's (the company's own only), else the
 * skills asked for. The admin has no job descriptions or ads of their own: any is unknown.
 */
async function referenceOf(db: Writer, scope: TalentSearchScope, values: TalentSearchValues): Promise<SearchPage['reference']> {
  if (scope.kind === 'admin') {
    if (values.matchJobDescriptionId) throw invalidFields([{ path: 'matchJobDescriptionId', code: 'referenceUnknown' }], SEARCH_WORDS, 'search');
    if (values.matchJobAdId) throw invalidFields([{ path: 'matchJobAdId', code: 'referenceUnknown' }], SEARCH_WORDS, 'search');
    return null;
  }
  const { companyId } = scope;
  if (values.matchJobDescriptionId) {
    const [row] = await db.select({ id: jobDescription.id, title: jobDescription.title, skills: jobDescription.skills }).from(jobDescription).where(and(eq(jobDescription.id, values.matchJobDescriptionId), eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt))).limit(1);
    if (!row) throw invalidFields([{ path: 'matchJobDescriptionId', code: 'referenceUnknown' }], SEARCH_WORDS, 'search');
    return { kind: 'JOB_DESCRIPTION', ...row };
  }
  if (values.matchJobAdId) {
    const [row] = await db.select({ id: jobAd.id, title: jobAd.title, skills: jobAd.skills }).from(jobAd).where(and(eq(jobAd.id, values.matchJobAdId), eq(jobAd.publisherCompanyId, companyId), isNull(jobAd.deletedAt))).limit(1);
    if (!row) throw invalidFields([{ path: 'matchJobAdId', code: 'referenceUnknown' }], SEARCH_WORDS, 'search');
    return { kind: 'JOB_AD', ...row };
  }
  return null;
}

function filtersOf(scope: TalentSearchScope, values: TalentSearchValues, tsQuery: SQL | null): SQL {
  const rate = values.rateUnit === 'MONTH' ? talentProfile.monthlyRate : talentProfile.hourlyRate;
  const place = values.location ? `%${escapeLike(values.location)}%` : null;
  return and(
    // A hidden profile is out of every company's search; the platform sees it (marked hidden).
    scope.kind === 'company' ? eq(talentProfile.isVisible, true) : undefined,
    isNull(talentProfile.deletedAt),
    tsQuery ? sql`${talentProfile.searchDocument} @@ ${tsQuery}` : undefined,
    values.skillsAll.length ? sql`${talentProfile.skillKeys} @> ${textArray(values.skillsAll)}` : undefined,
    values.skillsAny.length ? sql`${talentProfile.skillKeys} && ${textArray(values.skillsAny)}` : undefined,
    values.skillsExcluded.length ? sql`not (${talentProfile.skillKeys} && ${textArray(values.skillsExcluded)})` : undefined,
    values.languages.length ? sql`${talentProfile.languageKeys} @> ${textArray(values.languages)}` : undefined,
    // The containment above narrows by the index; the level is then read per language.
    ...(values.languageLevel
      ? values.languages.map(
          (language) =>
            sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${talentProfile.languages}) = 'array' then ${talentProfile.languages} else '[]'::jsonb end) as spoken
              where lower(trim(spoken->>'language')) = ${language} and ${sql.raw(languageLevelRankSql("spoken->>'level'"))} >= ${languageLevelValue(values.languageLevel!)})`,
        )
      : []),
    place
      ? values.includeRelocation
        ? or(ilike(talentProfile.location, place), sql`exists (select 1 from unnest(${talentProfile.interestedToRelocateTo}) as wish where wish ilike ${place})`, and(eq(talentProfile.isInterestedInRelocation, true), sql`cardinality(${talentProfile.interestedToRelocateTo}) = 0`))
        : ilike(talentProfile.location, place)
      : undefined,
    values.workMode.length ? sql`${talentProfile.workMode}::text in (${sql.join(values.workMode.map((mode) => sql`${mode}`), sql`, `)})` : undefined,
    values.assignmentType.length ? sql`${talentProfile.assignmentType}::text in (${sql.join(values.assignmentType.map((type) => sql`${type}`), sql`, `)})` : undefined,
    values.availableOnly ? eq(talentProfile.isAvailableForHire, true) : undefined,
    values.rateCurrency && (values.rateMin || values.rateMax) ? eq(talentProfile.rateCurrency, values.rateCurrency) : undefined,
    values.rateMin ? gte(rate, values.rateMin) : undefined,
    values.rateMax ? lte(rate, values.rateMax) : undefined,
    values.minExperience !== null ? gte(talentProfile.totalExperience, values.minExperience) : undefined,
    values.verifiedOnly ? eq(talentProfile.verificationStatus, 'verified') : undefined,
    values.talentProfileIds.length ? inArray(talentProfile.id, values.talentProfileIds) : undefined,
  )!;
}

/** The search's base order, the index talent_profile_search_order_idx's: how complete, then how recently updated. */
const BASE_ORDER = sql.raw('profile_completeness desc, updated_at desc, id');

type CandidateRow = Omit<ResultRow, 'reference' | 'savedInLists' | 'poolDeclined'> & { matched: number };

/**
 * One page of the search for a company or the admin: the filters, the ranking, the
 * reference's matched and missing skills, and the company's lists holding each talent. The
 * resolvers' work, apart from the API so that bench/talent-search-scale.ts times exactly
 * what the API runs.
 *
 * The cost is bounded whatever the number of profiles and wherever the matches lie (the
 * talent search candidates rule): the candidates are the first `cap` + 1 matches among the
 * `walked` most complete profiles (read down the order index), and when those are fewer,
 * the other matches up to `cap` + 1 as the search's own indexes find them. They count the
 * matches up to the cap ("1,000+" past it) and are the only rows ranked by skills overlap
 * and text relevance, then by the base order; pages end at the cap. When the matches are
 * fewer than the cap, every one is ranked; past it, the most complete ones, or, when the
 * matches lie beyond the walked profiles, those first and then the others found. (`cap` and
 * `walked` are smaller in tests.)
 */
export async function searchTalents(
  db: AppDatabase,
  scope: TalentSearchScope,
  values: TalentSearchValues,
  window: { page: number; perPage: number; offset: number },
  cap: number = TALENT_SEARCH_LIMITS.countCap,
  walked: number = TALENT_SEARCH_LIMITS.walked,
): Promise<SearchPage> {
  const reference = await referenceOf(db, scope, values);
  const referenceKeys = reference ? reference.skills.map((skill) => skill.toLowerCase()) : [...values.skillsAll, ...values.skillsAny];
  const tsQuery = values.q ? sql`websearch_to_tsquery(${textSearchConfig}, ${values.q})` : null;
  // Ranked against a job description or ad, the candidates are the talents with at least one
  // of its skills: a talent with none is no candidate for it, and the GIN index finds them
  // instead of scoring every profile (149 ms p95 at 45k profiles, docs/benchmarks.md).
  const where = reference && referenceKeys.length ? and(filtersOf(scope, values, tsQuery), sql`${talentProfile.skillKeys} && ${textArray(referenceKeys)}`)! : filtersOf(scope, values, tsQuery);
  // Overlap and relevance rank only when there is something to rank by; then the base order
  // (the candidates' position in it). The candidates' columns are unqualified: the statement
  // reads them from its own subqueries.
  const rank: SQL[] = [
    ...(referenceKeys.length ? [sql`cardinality(array(select unnest(skill_keys) intersect select unnest(${textArray(referenceKeys)}))) desc`] : []),
    ...(tsQuery ? [sql`ts_rank(search_document, ${tsQuery}) desc`] : []),
    sql`position`,
  ];
  const columns = sql.raw(RESULT_COLUMNS.map(([name, column]) => (name === column ? column : `${column} as "${name}"`)).join(', '));
  const candidateColumns = sql.raw(`${RESULT_COLUMNS.map(([, column]) => column).join(', ')}, skill_keys, search_document, profile_completeness, updated_at`);
  // No page starts past the cap: it is read as an empty page, its total counted alone.
  // When a filter has an index (words, skills, languages, a reference's skills), the matches
  // past the walked profiles are read through it, as the rule says, never by a sequential
  // scan: the planner would pick one that stops at the cap, but it reads the table through a
  // small ring of buffers rather than the shared ones, so every search fetched those pages
  // from the operating system again (60-660 ms about one search in twenty on a machine whose
  // page cache does not hold the table; docs/benchmarks.md). A place alone has no index: the
  // scan is its fastest way (27 ms against 90 through the order index, 1M profiles).
  const indexed = tsQuery !== null || values.skillsAll.length > 0 || values.skillsAny.length > 0 || values.languages.length > 0 || referenceKeys.length > 0;
  const read = (reader: AppDatabase) =>
    reader.execute<CandidateRow>(sql`
            with walked as (
              select ${candidateColumns}
              from (select * from ${talentProfile} where ${isNull(talentProfile.deletedAt)} order by ${BASE_ORDER} limit ${walked}) as ${talentProfile}
              where ${where}
              order by ${BASE_ORDER} limit ${cap + 1}
            ),
            found as (
              select ${candidateColumns} from ${talentProfile}
              where ${where} and not exists (select 1 from walked where walked.id = ${talentProfile.id})
              limit greatest(${cap + 1} - (select count(*) from walked), 0)
            ),
            candidates as (select * from walked union all select * from found),
            numbered as (select *, row_number() over (order by ${BASE_ORDER}) as position, count(*) over ()::int as matched from candidates)
            select ${columns}, matched from numbered
            where position <= ${cap}
            order by ${sql.join(rank, sql`, `)}
            limit ${Math.min(window.perPage, cap - window.offset)} offset ${window.offset}`);
  const rows = window.offset >= cap ? [] : (await (indexed ? withoutSequentialScans(db, read) : read(db))).rows;
  const matched = rows.length ? rows[0]!.matched : await countedMatches(db, where, cap);
  const referenceSkills = reference ? reference.skills : [...values.skillsAll, ...values.skillsAny];
  const ids = rows.map((row) => row.id);
  const [lists, refusing] = scope.kind === 'company' && scope.mayReadLists ? await Promise.all([listsHolding(db, scope.companyId, ids), talentsRefusingPool(db, scope.companyId, ids)]) : [new Map<string, string[]>(), new Set<string>()];
  return {
    items: rows.map(({ matched: _matched, ...row }) => ({ ...row, reference: referenceSkills, savedInLists: lists.get(row.id) ?? [], poolDeclined: refusing.has(row.id) })),
    total: Math.min(matched, cap),
    totalIsExact: matched <= cap,
    page: window.page,
    perPage: window.perPage,
    reference,
  };
}

/** A result's fields and the columns they come from. */
const RESULT_COLUMNS: ReadonlyArray<[keyof CandidateRow, string]> = [
  ['id', 'id'],
  ['profileName', 'profile_name'],
  ['jobTitle', 'job_title'],
  ['location', 'location'],
  ['skills', 'skills'],
  ['profilePicture', 'profile_picture'],
  ['hourlyRate', 'hourly_rate'],
  ['monthlyRate', 'monthly_rate'],
  ['rateCurrency', 'rate_currency'],
  ['isAvailableForHire', 'is_available_for_hire'],
  ['availabilityMode', 'availability_mode'],
  ['workMode', 'work_mode'],
  ['verificationStatus', 'verification_status'],
  ['totalExperience', 'total_experience'],
  ['isVisible', 'is_visible'],
];

/** How many profiles `where` matches, counting no further than cap + 1. */
async function countedMatches(db: AppDatabase, where: SQL, cap: number): Promise<number> {
  const [row] = (await db.execute<{ matched: number }>(sql`select count(*)::int as matched from (select 1 from ${talentProfile} where ${where} limit ${cap + 1}) as capped`)).rows;
  return row?.matched ?? 0;
}

type SearchArgs = { search?: (Record<string, unknown> & { talentProfileIds?: ReadonlyArray<string | number> | null }) | null; page?: number | null; perPage?: number | null };

/** Both operations' checking of the input, then the engine in the caller's scope. */
function runSearch(context: ApiContext, scope: TalentSearchScope, args: SearchArgs): Promise<SearchPage> {
  const parsed = talentSearchSchema.safeParse({ ...args.search, talentProfileIds: args.search?.talentProfileIds?.map(String) });
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), SEARCH_WORDS, 'search');
  const window = pageWindow({ page: args.page, perPage: Math.min(args.perPage ?? 20, TALENT_SEARCH_LIMITS.perPage) });
  return searchTalents(context.db, scope, parsed.data, window);
}

/** Both searches' arguments: the search, and the page. */
const searchArgs = (t: Parameters<Parameters<typeof builder.queryField>[1]>[0]) => ({
  search: t.arg({ type: TalentSearchInput }),
  page: t.arg.int(),
  perPage: t.arg.int({ description: `1 to ${TALENT_SEARCH_LIMITS.perPage} (default 20)` }),
});

builder.queryField('findManyTalentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentSearchPage,
    description: 'Searches visible talent profiles for the selected company; needs talentProfile read',
    args: searchArgs(t),
    resolve: (_root, args, context) => {
      const { companyId, permissions } = requireCompanyPermission(context, 'talentProfile', 'read');
      return runSearch(context, { kind: 'company', companyId, mayReadLists: can(permissions, 'companySavedTalent', 'read') }, args);
    },
  }),
);

builder.queryField('findManyAdminTalentProfile', (t) =>
  t.withAuth({ adminPermission: ['moderation', 'support', 'verification'] }).field({
    type: TalentSearchPage,
    description: "The company talent search over every talent profile that is not deleted, hidden ones included (isVisible false), for the platform's admins; no job description or ad to rank by",
    args: searchArgs(t),
    resolve: (_root, args, context) => {
      return runSearch(context, { kind: 'admin' }, args);
    },
  }),
);
