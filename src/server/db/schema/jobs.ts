import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { currency, currencyCheck, deletedAt, id, money, timestamps, timestamptz, tsvector, type HeldSender } from './columns';
import { company, companyHiringStep, companyRejectionReason } from './companies';
import { assignmentType, employmentType, jobAdModeration, rateUnit, workMode } from './enums';
import { talentProfile } from './talents';
import { user } from './users';
import { stemmedByAdLanguage, textSearchConfig } from '../text-search';

/** Free-form answers sent with an application or an invitation. */
export interface ApplicationDetails {
  expectedRate?: string;
  expectedRateCurrency?: string;
  expectedRateUnit?: 'HOUR' | 'DAY' | 'MONTH';
  availableFrom?: string;
  answers?: { question: string; answer: string }[];
  [detail: string]: unknown;
}

// Enum output is only STABLE in PostgreSQL, so a generated column cannot cast the enum
// to text; a CASE over constants is immutable. Built from the enum so a new value is
// picked up (drizzle-kit then regenerates the column).
const employmentTypeText = sql.raw(
  `CASE "employment_type" ${employmentType.enumValues.map((value) => `WHEN '${value}' THEN '${value}'`).join(' ')} ELSE '' END`,
);

// Weights: title A, skills B, location and employment type C, description D, so that
// ts_rank puts a title match above a description match. The configuration (text-search.ts)
// keeps skill names ("Go", "C++", "React") unstemmed and folds accents; the title and the
// description are also there stemmed in the ad's language (stemmedByAdLanguage).
// immutable_array_to_string is created by the initial migration: array_to_string itself is
// only STABLE.
/**
 * The structured place of a job, next to the display text in `location` that
 * search reads: the country (ISO 3166-1 alpha-2) and town of the workplace, and for remote
 * work the countries applicants may live in. Written together by lib/job-ads/job-location.
 */
const jobPlace = () => ({
  countryCode: text('country_code'),
  locality: text('locality'),
  remoteCountries: text('remote_countries').array().notNull().default(sql`'{}'::text[]`),
});

/**
 * What a job description and a job ad both say of the job, in the same columns: an ad's
 * search document and the "matching my skills" filter (skills_lowercase) read them, and the
 * pages show them alike.
 */
const jobBasics = () => ({
  title: text('title').notNull(),
  description: text('description'),
  location: text('location'),
  ...jobPlace(),
  skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
  skillsLowercase: text('skills_lowercase').array().notNull().default(sql`'{}'::text[]`),
});

const countryCodeCheck = (constraintName: string, column: AnyPgColumn) => check(constraintName, sql`${column} ~ '^[A-Z]{2}$'`);

const jobAdSearchDocument = sql`setweight(to_tsvector(${textSearchConfig}, coalesce("title", '')), 'A')
  || setweight(to_tsvector(${textSearchConfig}, coalesce(immutable_array_to_string("skills", ' '), '')), 'B')
  || setweight(to_tsvector(${textSearchConfig}, coalesce("location", '')), 'C')
  || setweight(to_tsvector(${textSearchConfig}, ${employmentTypeText}), 'C')
  || setweight(to_tsvector(${textSearchConfig}, coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')
  || ${stemmedByAdLanguage(
    (config) => sql`setweight(to_tsvector(${config}, coalesce("title", '')), 'A')
    || setweight(to_tsvector(${config}, coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')`,
  )}`;

export const jobDescription = pgTable(
  'job_description',
  {
    id: id(),
    ...jobBasics(),
    salary: money('salary'),
    salaryRateUnit: rateUnit('salary_rate_unit'),
    currency: currency('currency'),
    language: text('language'),
    openForApplications: boolean('open_for_applications').notNull().default(false),
    workMode: workMode('work_mode'),
    assignmentType: assignmentType('assignment_type'),
    /**
     * The company that wrote it and sees it (not in the spec's field list, which has only the
     * client): an agency writes job descriptions for its clients, which must stay the
     * agency's own. Equal to clientCompanyId when a company hires for itself.
     */
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    /** The company the job is for: the writer itself or a client it provides talents to. */
    clientCompanyId: uuid('client_company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('job_description_currency_iso', t.currency),
    countryCodeCheck('job_description_country_code_iso', t.countryCode),
    index('job_description_client_company_id_idx').on(t.clientCompanyId, t.createdAt.desc()),
    index('job_description_company_id_idx').on(t.companyId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
  ],
);

export const jobAd = pgTable(
  'job_ad',
  {
    id: id(),
    ...jobBasics(),
    adDescription: text('ad_description'),
    currency: currency('currency'),
    salary: money('salary'),
    salaryRateUnit: rateUnit('salary_rate_unit'),
    language: text('language'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    employmentType: employmentType('employment_type'),
    workMode: workMode('work_mode'),
    assignmentType: assignmentType('assignment_type'),
    jobDescriptionId: uuid('job_description_id').references(() => jobDescription.id, { onDelete: 'set null' }),
    publishedAt: timestamptz('published_at'),
    publishedUntil: timestamptz('published_until'),
    publisherCompanyId: uuid('publisher_company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    ownerUserId: uuid('owner_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** An admin unpublished or removed it (lib/job-ads/job-ad-moderation.ts); its company reads the reason. */
    moderation: jobAdModeration('moderation'),
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamptz('moderated_at'),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(jobAdSearchDocument),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('job_ad_currency_iso', t.currency),
    countryCodeCheck('job_ad_country_code_iso', t.countryCode),
    // A moderated ad always tells its company why, and when.
    check('job_ad_moderation_reason', sql`(${t.moderation} is null) = (${t.moderationReason} is null) and (${t.moderation} is null) = (${t.moderatedAt} is null)`),
    check(
      'job_ad_published_window',
      sql`${t.publishedUntil} is null or ${t.publishedAt} is null or ${t.publishedUntil} >= ${t.publishedAt}`,
    ),
    // Newest (or oldest) first with the id as tie-breaker: listings and the searches' date
    // walks read only the rows of the page from it, with no sort.
    // NULLS FIRST is what "order by ... desc" means: drizzle's default NULLS LAST would not serve it.
    index('job_ad_published_at_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publishedAt} is not null and ${t.deletedAt} is null`),
    index('job_ad_publisher_company_id_idx').on(t.publisherCompanyId, t.createdAt.desc()),
    index('job_ad_job_description_id_idx').on(t.jobDescriptionId),
    index('job_ad_owner_user_id_idx').on(t.ownerUserId),
    // The search in one index scan: the text, the location filter (ILIKE '%berlin%') and
    // the kind filters intersect inside the index (btree_gin for the enums), so a common
    // word with filters reads only the ads passing all of them. Two indexes (text, location)
    // ANDed as bitmaps and the enums tested on each row cost 250 ms for "engineer" + hybrid
    // + employee + London at 1M ads; this, 36 ms (docs/benchmarks.md).
    index('job_ad_search_idx').using('gin', t.searchVector, sql`${t.location} gin_trgm_ops`, t.workMode, t.employmentType, t.assignmentType),
    // Typo-tolerant suggestions: similarity(lower(title), ...) and ILIKE '%...%'.
    index('job_ad_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // "Jobs matching my skills": skills_lowercase && array[...].
    index('job_ad_skills_lowercase_idx').using('gin', t.skillsLowercase),
    // The ads of one title, newest first: the suggestion's representative ad, the typo
    // tier of the search and the suggestion triggers' recount (migration 0001).
    index('job_ad_title_key_idx')
      .on(sql`lower(${t.title})`, t.publishedAt.desc().nullsFirst())
      .where(sql`${t.publishedAt} is not null and ${t.deletedAt} is null`),
  ],
);

/**
 * One row per distinct lower-cased title of the published, not deleted ads of verified
 * companies that were still before their deadline when the row was last computed, so that
 * suggestions and the typo tier of the search look at titles, not at every ad. Kept in
 * step with job_ad and company by the triggers of migration 0001 (never written by the
 * application). Ads also close by time: open_from and open_until bound the window in which
 * some ad of the title can be open, and readers check the ad they show against job_ad.
 */
export const jobTitleSuggestion = pgTable(
  'job_title_suggestion',
  {
    titleKey: text('title_key').primaryKey(),
    /** Ads counted at the last change of this title; the row goes when none is left. */
    adCount: integer('ad_count').notNull(),
    /** The earliest published_at of those ads. */
    openFrom: timestamptz('open_from').notNull(),
    /** The latest deadline of those ads; null when one of them has none. */
    openUntil: timestamptz('open_until'),
    titleWords: tsvector('title_words').notNull().generatedAlwaysAs(sql`to_tsvector(${textSearchConfig}, "title_key")`),
  },
  (t) => [
    // Prefix suggestions: title_words @@ to_tsquery('folded', 'dev:*').
    index('job_title_suggestion_title_words_idx').using('gin', t.titleWords),
    // Typo suggestions and the search's typo tier: title_key % text, text <% title_key.
    index('job_title_suggestion_title_key_trgm_idx').using('gin', sql`${t.titleKey} gin_trgm_ops`),
  ],
);

export const savedJobAd = pgTable(
  'saved_job_ad',
  {
    id: id(),
    jobAdId: uuid('job_ad_id')
      .notNull()
      .references(() => jobAd.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('saved_job_ad_job_ad_user_unique').on(t.jobAdId, t.userId),
    index('saved_job_ad_user_id_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Whom an application or an invitation concerns: a talent, and the job ad or job description
 * it is about. Restrict: neither the talent nor the job goes while one refers to it.
 */
const talentAndJob = () => ({
  jobAdId: uuid('job_ad_id').references(() => jobAd.id, { onDelete: 'restrict' }),
  jobDescriptionId: uuid('job_description_id').references(() => jobDescription.id, { onDelete: 'restrict' }),
  talentProfileId: uuid('talent_profile_id')
    .notNull()
    .references(() => talentProfile.id, { onDelete: 'restrict' }),
});

export const talentJobApplication = pgTable(
  'talent_job_application',
  {
    id: id(),
    ...talentAndJob(),
    /**
     * The company the application belongs to: its ad's publisher, else its job description's
     * company (received-application-rows.ts, ownedBy). Set by the database on every insert
     * (trigger talent_job_application_company, migration 0041), so that a company's
     * applications are read through its own index however many it has.
     */
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'restrict' }),
    /**
     * What a company's search of its applications reads (received-application-queries.ts):
     * the applicant's name, job title and skill names, each apart (a separator nobody types),
     * kept by the database from her profile (migration 0051), so that the search and its count
     * read the applications alone instead of probing a profile for each.
     */
    applicantSearch: text('applicant_search'),
    externalJobId: text('external_job_id'),
    details: jsonb('details').$type<ApplicationDetails>().notNull().default({}),
    message: text('message'),
    companyHiringStepId: uuid('company_hiring_step_id').references(() => companyHiringStep.id, {
      onDelete: 'set null',
    }),
    /** When it entered its current step: time in step, and the stuck flag. */
    stepChangedAt: timestamptz('step_changed_at').notNull().defaultNow(),
    /** Why it ended, when it sits in a REJECTED or WITHDRAWN step. */
    rejectionReasonId: uuid('rejection_reason_id').references(() => companyRejectionReason.id, { onDelete: 'set null' }),
    /** When the talent withdrew it and took back its note, answers and documents: the company no longer reads them. */
    documentsErasedAt: timestamptz('documents_erased_at'),
    /**
     * When the retention job erased its note, answers, documents and messages (lib/talent-pools/
     * retention.ts): it had ended longer ago than its company keeps ended applications.
     */
    retentionErasedAt: timestamptz('retention_erased_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('talent_job_application_job_ad_talent_unique').on(t.jobAdId, t.talentProfileId),
    // DESC NULLS FIRST is what "order by created_at desc" reads: an index in the other null
    // order cannot give the lists their newest first.
    index('talent_job_application_talent_profile_id_idx').on(t.talentProfileId, t.createdAt.desc().nullsFirst()),
    index('talent_job_application_job_ad_id_idx').on(t.jobAdId, t.createdAt.desc().nullsFirst()),
    index('talent_job_application_job_description_id_idx').on(t.jobDescriptionId),
    index('talent_job_application_hiring_step_idx').on(t.companyHiringStepId),
    index('talent_job_application_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    index('talent_job_application_applicant_search_trgm_idx').using('gin', sql`${t.applicantSearch} gin_trgm_ops`),
    // The retention job's candidates: a company's applications not erased yet, by when they entered their step.
    index('talent_job_application_retention_idx').on(t.companyId, t.stepChangedAt).where(sql`${t.retentionErasedAt} is null`),
    // A company's stuck applications (received-application-queries.ts stuckIn), counted and
    // listed longest in their step first from the index alone: its step ends the key.
    index('talent_job_application_stuck_idx').on(t.companyId, t.stepChangedAt, t.companyHiringStepId),
  ],
);

/** What application_step_count holds for an application without an ad, or without a step. */
export const NO_COUNTED_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A company's applications counted by ad and hiring step, kept in step by the database (trigger
 * application_step_count_change, migration 0044) on every insert, move and delete: the
 * dashboard's totals, the pipeline and the lists' totals read a few rows here instead of
 * counting a company's hundred thousand applications. An application without an ad, or not
 * in a step, counts under NO_COUNTED_ID; a row may fall to 0.
 */
export const applicationStepCount = pgTable(
  'application_step_count',
  {
    companyId: uuid('company_id').notNull(),
    jobAdId: uuid('job_ad_id').notNull(),
    companyHiringStepId: uuid('company_hiring_step_id').notNull(),
    applications: integer('applications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.jobAdId, t.companyHiringStepId] })],
);

/**
 * The talent's status of an application as she is shown it (lib/job-applications/talent-status.ts),
 * one row per change: her dated timeline. A company's move is held (published_at null) until
 * visible_at, the company's delay, and goes out then (api/job-applications/held-talent-statuses.ts);
 * a move back before that deletes it, so she never sees it. At most one is held per application.
 */
export const talentJobApplicationStatus = pgTable(
  'talent_job_application_status',
  {
    id: id(),
    talentJobApplicationId: uuid('talent_job_application_id')
      .notNull()
      .references(() => talentJobApplication.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The company's reason, copied when it chose to share it: the words she was shown stay. */
    reason: text('reason'),
    visibleAt: timestamptz('visible_at').notNull(),
    publishedAt: timestamptz('published_at'),
    /** Who moved it, while held: the event names them when it goes out. */
    heldBy: jsonb('held_by').$type<HeldSender>(),
    /** Where the application was before the held move: the company's undo puts it back there. */
    previousStepId: uuid('previous_step_id'),
    previousReasonId: uuid('previous_reason_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('talent_job_application_status_application_idx').on(t.talentJobApplicationId, t.visibleAt),
    uniqueIndex('talent_job_application_status_held_unique').on(t.talentJobApplicationId).where(sql`${t.publishedAt} is null`),
    index('talent_job_application_status_due_idx').on(t.visibleAt).where(sql`${t.publishedAt} is null`),
    check('talent_job_application_status_status', sql`${t.status} in ('APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'NOT_SELECTED', 'WITHDRAWN')`),
  ],
);

export const talentInvitation = pgTable(
  'talent_invitation',
  {
    id: id(),
    ...talentAndJob(),
    invitedByUserId: uuid('invited_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    details: jsonb('details').$type<ApplicationDetails>().notNull().default({}),
    ignoredAt: timestamptz('ignored_at'),
    ignored: boolean('ignored').notNull().default(false),
    /**
     * Set when the company withdrew it while it was pending (its delete event): the row
     * stays, so that both sides still read it, as withdrawn, and nobody applies through it.
     */
    deletedAt: deletedAt(),
    ...timestamps(),
  },
  (t) => [
    index('talent_invitation_talent_profile_id_idx').on(t.talentProfileId, t.createdAt.desc()),
    index('talent_invitation_company_id_idx').on(t.companyId, t.createdAt.desc()),
    index('talent_invitation_job_ad_id_idx').on(t.jobAdId),
    index('talent_invitation_job_description_id_idx').on(t.jobDescriptionId),
  ],
);

/** A talent placed on a job: who sells, who provides, who is the client. */
export const jobAssignment = pgTable(
  'job_assignment',
  {
    id: id(),
    jobDescriptionId: uuid('job_description_id').references(() => jobDescription.id, { onDelete: 'restrict' }),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'restrict' }),
    salesCompanyId: uuid('sales_company_id').references(() => company.id, { onDelete: 'restrict' }),
    providerCompanyId: uuid('provider_company_id').references(() => company.id, { onDelete: 'restrict' }),
    clientCompanyId: uuid('client_company_id').references(() => company.id, { onDelete: 'restrict' }),
    clientPricesIsVisibleToTalent: boolean('client_prices_is_visible_to_talent').notNull().default(false),
    assignmentCurrency: currency('assignment_currency'),
    team: text('team'),
    costCenter: text('cost_center'),
    talentNote: text('talent_note'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('job_assignment_currency_iso', t.assignmentCurrency),
    check('job_assignment_dates', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('job_assignment_talent_profile_id_idx').on(t.talentProfileId),
    index('job_assignment_job_description_id_idx').on(t.jobDescriptionId),
    index('job_assignment_sales_company_id_idx').on(t.salesCompanyId),
    index('job_assignment_provider_company_id_idx').on(t.providerCompanyId),
    index('job_assignment_client_company_id_idx').on(t.clientCompanyId),
    // The company that reviews an assignment's billings (reviewedBy): indexed as written, so
    // that the planner knows how many assignments a company reviews.
    index('job_assignment_reviewer_idx').on(sql`coalesce(${t.providerCompanyId}, ${t.clientCompanyId})`),
  ],
);
