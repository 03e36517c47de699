import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, currencyCheck, deletedAt, id, money, timestamps, timestamptz, tsvector } from './columns';
import { company } from './companies';
import { assignmentType, employmentType, poolConsentStatus, rosterConsent, verificationStatus, workMode } from './enums';
import { user } from './users';
import { textSearchConfig } from '../text-search';

export interface ProfilePicture {
  url: string;
  /** Resized copy served in lists and menus. */
  optimizedUrl?: string | null;
}

export interface StoredFile {
  url: string;
  name?: string;
  contentType?: string;
  size?: number;
}

export interface TalentSkill {
  name: string;
  level?: string;
  years?: number;
}

export interface TalentLink {
  label?: string;
  url: string;
}

export interface TalentLanguage {
  language: string;
  level?: string;
}

/** Dates are ISO 8601 calendar dates (YYYY-MM or YYYY-MM-DD). */
export interface ExperienceEntry {
  company: string;
  title?: string;
  location?: string;
  description?: string;
  startDate?: string;
  endDate?: string | null;
  current?: boolean;
}

export interface CertificationEntry {
  name: string;
  issuer?: string;
  issuedAt?: string;
  expiresAt?: string | null;
  url?: string;
}

export interface EducationEntry {
  school: string;
  degree?: string;
  field?: string;
  startDate?: string;
  endDate?: string | null;
}

export interface BankInformation {
  accountHolder?: string;
  iban?: string;
  bic?: string;
  accountNumber?: string;
  routingNumber?: string;
  /** An account outside the IBAN scheme, as the talent wrote it (no format to check: a reviewer reads it). */
  otherAccount?: string;
  bankName?: string;
  country?: string;
}

// Name and title weigh most, then skills, then the summary; the configuration (text-search.ts)
// keeps skill names unstemmed and folds accents ("Hélène" is found as "helene").
const talentSearchDocument = sql`setweight(to_tsvector(${textSearchConfig}, coalesce("profile_name", '') || ' ' || coalesce("job_title", '')), 'A')
  || setweight(to_tsvector(${textSearchConfig}, coalesce(immutable_array_to_string(talent_list_keys("skills", 'name'), ' '), '')), 'B')
  || setweight(to_tsvector(${textSearchConfig}, coalesce("description", '')), 'D')`;

/**
 * How much of a profile is filled in (0-100), the talent search's order after skills and
 * relevance: a cheap SQL twin of the profile score's main parts, stored so that an index
 * serves the order (a generated column may not read another generated one, hence the
 * skills' keys computed again). Lists that are not JSON arrays count as empty.
 */
const jsonListFilled = (column: string) => `(case when jsonb_typeof("${column}") = 'array' then jsonb_array_length("${column}") else 0 end > 0)::int`;
const talentProfileCompleteness = sql.raw(`(
  ("profile_picture" is not null)::int * 5 + ("job_title" is not null)::int + ("total_experience" is not null)::int * 3
  + (coalesce(length("description"), 0) > 100)::int * 10 + ("location" is not null)::int * 10
  + least(cardinality(talent_list_keys("skills", 'name')), 6) * 5 + (cardinality(talent_list_keys("languages", 'language')) > 0)::int * 10
  + ${jsonListFilled('experience')} * 10 + ${jsonListFilled('education')} * 10
)`);

export const talentProfile = pgTable(
  'talent_profile',
  {
    id: id(),
    externalUserId: text('external_user_id'),
    email: text('email'),
    profileName: text('profile_name'),
    identificationToken: text('identification_token'),
    profilePicture: jsonb('profile_picture').$type<ProfilePicture>(),
    jobTitle: text('job_title'),
    /** Years. */
    totalExperience: integer('total_experience'),
    description: text('description'),
    isVisible: boolean('is_visible').notNull().default(true),
    isAvailableForHire: boolean('is_available_for_hire').notNull().default(true),
    workMode: workMode('work_mode'),
    availabilityMode: text('availability_mode'),
    assignmentType: assignmentType('assignment_type'),
    location: text('location'),
    interestedToRelocateTo: text('interested_to_relocate_to').array().notNull().default(sql`'{}'::text[]`),
    hourlyRate: money('hourly_rate'),
    monthlyRate: money('monthly_rate'),
    targetHourlyRate: money('target_hourly_rate'),
    targetMonthlyRate: money('target_monthly_rate'),
    rateCurrency: currency('rate_currency'),
    isInterestedInRelocation: boolean('is_interested_in_relocation').notNull().default(false),
    skills: jsonb('skills').$type<TalentSkill[]>().notNull().default([]),
    links: jsonb('links').$type<TalentLink[]>().notNull().default([]),
    languages: jsonb('languages').$type<TalentLanguage[]>().notNull().default([]),
    resume: jsonb('resume').$type<StoredFile>(),
    pdf: jsonb('pdf').$type<StoredFile>(),
    cv: jsonb('cv').$type<StoredFile>(),
    experience: jsonb('experience').$type<ExperienceEntry[]>().notNull().default([]),
    certification: jsonb('certification').$type<CertificationEntry[]>().notNull().default([]),
    education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
    verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
    // Null for talents a company added to its roster before they signed up.
    userId: uuid('user_id').references(() => user.id, { onDelete: 'restrict' }),
    personalizedJobsFoundAt: timestamptz('personalized_jobs_found_at'),
    /**
     * Talent search: the skill and language names lower-cased, for GIN set tests
     * (all of, any of, none of), and a weighted text document. Generated from the JSON lists
     * by the immutable functions of migration 0006, so no write can forget them.
     */
    skillKeys: text('skill_keys').array().notNull().generatedAlwaysAs(sql`talent_list_keys("skills", 'name')`),
    languageKeys: text('language_keys').array().notNull().generatedAlwaysAs(sql`talent_list_keys("languages", 'language')`),
    searchDocument: tsvector('search_document').notNull().generatedAlwaysAs(talentSearchDocument),
    profileCompleteness: smallint('profile_completeness').notNull().generatedAlwaysAs(talentProfileCompleteness),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('talent_profile_rate_currency_iso', t.rateCurrency),
    // The talent search's set filters in one GIN index (btree_gin for the currency): one scan
    // narrows by skills, languages and currency together, where separate indexes built a
    // bitmap of every English speaker to intersect (docs/benchmarks.md, "Talent search at scale").
    index('talent_profile_search_filters_idx').using('gin', t.skillKeys, t.languageKeys, t.rateCurrency),
    index('talent_profile_search_document_idx').using('gin', t.searchDocument),
    uniqueIndex('talent_profile_user_id_unique').on(t.userId),
    index('talent_profile_email_lower_idx').on(sql`lower(${t.email})`),
    // A company's applications searched by a part of the applicant's name, title or a skill
    // (received-application-queries.ts): the few matching talents first, then their applications.
    index('talent_profile_name_trgm_idx').using('gin', sql`${t.profileName} gin_trgm_ops`),
    index('talent_profile_job_title_trgm_idx').using('gin', sql`${t.jobTitle} gin_trgm_ops`),
    index('talent_profile_skills_trgm_idx').using('gin', sql`(${t.skills}::text) gin_trgm_ops`),
    // Talents a company may add to its roster, by name until the list's limit (roster-candidates.ts).
    index('talent_profile_name_order_idx').on(sql`lower(coalesce(${t.profileName}, ''))`, t.id).where(sql`${t.deletedAt} is null`),
    index('talent_profile_external_user_id_idx').on(t.externalUserId),
    // The talent search's order (talent-search.ts): its first matches are read down this
    // index, whatever the number of profiles, instead of sorting every match.
    index('talent_profile_search_order_idx').on(t.profileCompleteness.desc().nullsFirst(), t.updatedAt.desc().nullsFirst(), t.id).where(sql`${t.deletedAt} is null`),
  ],
);

export const talentPaymentProfile = pgTable(
  'talent_payment_profile',
  {
    id: id(),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    currency: currency('currency').notNull(),
    bankInformation: jsonb('bank_information').$type<BankInformation>().notNull().default({}),
    isVerified: boolean('is_verified').notNull().default(false),
    // The platform's last review of these bank details: who, when, and why they were refused
    // (null unless refused). A change of the details clears all three: they await review again.
    reviewedAt: timestamptz('reviewed_at'),
    reviewedById: uuid('reviewed_by_id').references(() => user.id, { onDelete: 'set null' }),
    refusalReason: text('refusal_reason'),
    ...timestamps(),
  },
  (t) => [
    currencyCheck('talent_payment_profile_currency_iso', t.currency),
    index('talent_payment_profile_talent_profile_id_idx').on(t.talentProfileId),
  ],
);

/** A talent working for a company; carries the talent's running balance with it. */
export const companyTalentRoster = pgTable(
  'company_talent_roster',
  {
    id: id(),
    externalId: text('external_id'),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'restrict' }),
    managerId: uuid('manager_id').references(() => user.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    balance: money('balance').notNull().default('0'),
    currency: currency('currency').notNull(),
    employmentType: employmentType('employment_type'),
    employeeNumber: text('employee_number'),
    // Her answer to the company's request; only an accepted entry links her to the company.
    consent: rosterConsent('consent').notNull().default('requested'),
    consentAnsweredAt: timestamptz('consent_answered_at'),
    // lower(profile_name) of its talent, set and kept in step by the database's triggers
    // (migration 0049): the roster sorts by name reading its own rows, not a profile per entry.
    // Only an accepted entry's is used (roster-name-order.ts); the others are sorted by the
    // name as shown to the company, so no order reveals a withheld name.
    talentSortName: text('talent_sort_name'),
    ...timestamps(),
    // Removed from the roster: the row stays, its ledger and history with it; adding the
    // talent again restores it.
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('company_talent_roster_currency_iso', t.currency),
    uniqueIndex('company_talent_roster_company_talent_unique').on(t.companyId, t.talentProfileId),
    index('company_talent_roster_talent_profile_id_idx').on(t.talentProfileId),
    index('company_talent_roster_manager_id_idx').on(t.managerId),
  ],
);

export const companyTalentNote = pgTable(
  'company_talent_note',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    private: boolean('private').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('company_talent_note_company_talent_idx').on(t.companyId, t.talentProfileId, t.createdAt.desc())],
);

export const companySavedTalentList = pgTable(
  'company_saved_talent_list',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('company_saved_talent_list_company_label_unique').on(t.companyId, t.label)],
);

export const companySavedTalent = pgTable(
  'company_saved_talent',
  {
    id: id(),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    companySavedTalentListId: uuid('company_saved_talent_list_id').references(() => companySavedTalentList.id, {
      onDelete: 'cascade',
    }),
    ...timestamps(),
  },
  (t) => [
    // Saved once per list; "no list" counts as one list.
    uniqueIndex('company_saved_talent_unique')
      .on(t.companyId, t.talentProfileId, t.companySavedTalentListId)
      .where(sql`${t.companySavedTalentListId} is not null`),
    uniqueIndex('company_saved_talent_unlisted_unique')
      .on(t.companyId, t.talentProfileId)
      .where(sql`${t.companySavedTalentListId} is null`),
    index('company_saved_talent_list_id_idx').on(t.companySavedTalentListId),
    index('company_saved_talent_talent_profile_id_idx').on(t.talentProfileId),
  ],
);

/**
 * A talent's consent to stay in a company's talent pool (lib/talent-pools/pool-consent.ts):
 * one per company and talent, asked when the company first saves her, answered by her.
 */
export const talentPoolConsent = pgTable(
  'talent_pool_consent',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    status: poolConsentStatus('status').notNull().default('requested'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    // The member whose save asked for it; null once that user is gone.
    requestedById: uuid('requested_by_id').references(() => user.id, { onDelete: 'set null' }),
    answeredAt: timestamptz('answered_at'),
    // The words she was shown when she last answered, in the language she read them: what
    // she agreed to (or refused) is kept as she saw it, whatever the locale files say later.
    shownText: text('shown_text'),
    shownLanguage: text('shown_language'),
    // When she agreed, and later each contact that renews the two years (POOL_CONSENT_MONTHS).
    lastContactAt: timestamptz('last_contact_at'),
    // When she was mailed that her agreement ends within a month (once per period: a renewal clears it).
    renewalMailedAt: timestamptz('renewal_mailed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('talent_pool_consent_company_talent_unique').on(t.companyId, t.talentProfileId),
    index('talent_pool_consent_talent_profile_id_idx').on(t.talentProfileId),
    // The retention job reads the agreements still holding, by when they were last renewed.
    index('talent_pool_consent_accepted_idx').on(t.lastContactAt).where(sql`${t.status} = 'accepted'`),
  ],
);
