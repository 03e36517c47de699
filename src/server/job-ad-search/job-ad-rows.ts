import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { preparedQuery } from '../db/prepared-query';
import { company, jobAd } from '../db/schema';
import { isOpenAt, openJobAd, visibleJobAd } from './open-job-ad';
import { isUuid } from '../../lib/ids';
import { isCountryCode } from '../../lib/places/country-codes';

export interface PublicCompanyRow {
  id: string;
  name: string;
  logo: string | null;
  website: string | null;
  country: string | null;
  industry: string | null;
  description: string | null;
}

/** A job ad as a guest may see it. */
export interface PublicJobAdRow {
  id: string;
  title: string;
  description: string | null;
  adDescription: string | null;
  location: string | null;
  /**
   * ISO 3166-1 alpha-2 of the workplace (for remote work, where the company hires from);
   * the publisher's own country when the ad names none, so that every public ad has one.
   */
  countryCode: string | null;
  locality: string | null;
  /** Remote work: the countries applicants may live in (ISO 3166-1 alpha-2). */
  remoteCountries: string[];
  skills: string[];
  salary: string | null;
  currency: string | null;
  salaryRateUnit: string | null;
  employmentType: string | null;
  workMode: string | null;
  assignmentType: string | null;
  language: string | null;
  isAnonymous: boolean;
  publishedAt: Date | null;
  publishedUntil: Date | null;
  isOpen: boolean;
  /** Null for an anonymous ad: its publisher is not disclosed. */
  company: PublicCompanyRow | null;
}

/** Everything a job card shows, and the fields around it: short values only. */
const cardColumns = {
  id: jobAd.id,
  title: jobAd.title,
  location: jobAd.location,
  countryCode: jobAd.countryCode,
  locality: jobAd.locality,
  remoteCountries: jobAd.remoteCountries,
  skills: jobAd.skills,
  salary: jobAd.salary,
  currency: jobAd.currency,
  salaryRateUnit: jobAd.salaryRateUnit,
  employmentType: jobAd.employmentType,
  workMode: jobAd.workMode,
  assignmentType: jobAd.assignmentType,
  language: jobAd.language,
  isAnonymous: jobAd.isAnonymous,
  publishedAt: jobAd.publishedAt,
  publishedUntil: jobAd.publishedUntil,
  companyId: company.id,
  companyName: company.name,
  companyLogo: company.logo,
  companyWebsite: company.website,
  companyCountry: company.country,
  companyIndustry: company.industry,
};

/** The texts of up to 20,000 characters each: read only for a caller that shows them. */
const longTextColumns = {
  description: jobAd.description,
  adDescription: jobAd.adDescription,
  companyDescription: company.description,
};

const columns = { ...cardColumns, ...longTextColumns };

const fromJobAdWithCompany = <Columns extends typeof cardColumns>(db: AppDatabase, selected: Columns) =>
  db.select(selected).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId));

type JoinedRow = Awaited<ReturnType<typeof fromJobAdWithCompany<typeof columns>>>[number];
/** A row as read, with or without the long texts (missing ones are null in the result). */
type ReadRow = Omit<JoinedRow, keyof typeof longTextColumns> & Partial<Pick<JoinedRow, keyof typeof longTextColumns>>;

function toPublic(row: ReadRow, now: Date): PublicJobAdRow {
  const { companyId, companyName, companyLogo, companyWebsite, companyCountry, companyIndustry, companyDescription = null, description = null, adDescription = null, ...ad } = row;
  return {
    ...ad,
    description,
    adDescription,
    // A country is no clue to an anonymous publisher's name, so the fallback applies to all
    // ads; company.country is free of checks in old rows, hence the test.
    countryCode: ad.countryCode ?? (companyCountry && isCountryCode(companyCountry.toUpperCase()) ? companyCountry.toUpperCase() : null),
    isOpen: isOpenAt(ad, now),
    // Dropped here, not in the resolver, so an anonymous publisher never leaves this module.
    company: ad.isAnonymous
      ? null
      : { id: companyId, name: companyName, logo: companyLogo, website: companyWebsite, country: companyCountry, industry: companyIndustry, description: companyDescription },
  };
}

export interface LoadJobAdsOptions {
  /**
   * Read description, adDescription and the company's description (default true). A list
   * whose caller shows none of them (the job cards) leaves them out: they are null in its
   * rows, and each can hold 20,000 characters that the database would send for nothing.
   */
  longTexts?: boolean;
}

// Built once per database (preparedQuery): building this select of 26 columns was the
// largest part of a job page's Node CPU in a profile. One statement whatever the number of
// ids (an array parameter), so PostgreSQL keeps one plan for it.
const idsParam = sql.placeholder('ids');
const nowParam = sql.placeholder('now');
const amongIds = sql`${jobAd.id} = any(${idsParam}::uuid[])`;
const openCardsByIds = preparedQuery((db: AppDatabase) => fromJobAdWithCompany(db, cardColumns).where(and(amongIds, openJobAd(nowParam))).prepare(''));
const openAdsByIds = preparedQuery((db: AppDatabase) => fromJobAdWithCompany(db, columns).where(and(amongIds, openJobAd(nowParam))).prepare(''));
const visibleById = preparedQuery((db: AppDatabase) =>
  fromJobAdWithCompany(db, columns)
    .where(and(eq(jobAd.id, sql.placeholder('id')), visibleJobAd(nowParam)))
    .limit(1)
    .prepare(''),
);

/**
 * The open ads with these ids, in the ids' order, in one query. Openness is checked again:
 * a search index may lag behind the database, and it must not show what a guest may not see.
 * An id that is not a uuid names no ad: it is dropped, not cast (the cast would fail the
 * whole list).
 */
export async function loadOpenJobAds(db: AppDatabase, adIds: readonly string[], at: Date, { longTexts = true }: LoadJobAdsOptions = {}): Promise<PublicJobAdRow[]> {
  const wanted = adIds.filter(isUuid);
  if (!wanted.length) return [];
  const values = { ids: wanted, now: at };
  const rows: ReadRow[] = longTexts ? await openAdsByIds(db).execute(values) : await openCardsByIds(db).execute(values);
  const byId = new Map(rows.map((row) => [row.id, toPublic(row, at)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** A published ad of a verified company, open or past its deadline; null otherwise. */
export async function loadVisibleJobAd(db: AppDatabase, id: string, at: Date): Promise<PublicJobAdRow | null> {
  // Anything but a uuid cannot name an ad (and would make PostgreSQL raise on the cast).
  if (!isUuid(id)) return null;
  const [row] = await visibleById(db).execute({ id, now: at });
  return row ? toPublic(row, at) : null;
}
