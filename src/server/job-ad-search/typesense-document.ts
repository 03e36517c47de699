import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { company, jobAd } from '../db/schema';
import { beforeDeadline } from './open-job-ad';

/** The collection the spec's search call reads. */
export const JOB_AD_COLLECTION = 'jobAdPublic';

/**
 * The spec's job ad search document (id, title, skills, description, location,
 * employmentType, publishedAt) plus what filters need: work mode, assignment type, the
 * deadline and the publisher's verification. Times are unix seconds, as Typesense sorts
 * and filters numbers. Nothing here names the company: anonymous ads stay anonymous.
 */
export interface JobAdSearchDocument {
  id: string;
  title: string;
  skills: string[];
  /** The description and the ad description, as PostgreSQL's search_vector has them. */
  description: string;
  location?: string;
  employmentType?: string;
  workMode?: string;
  assignmentType?: string;
  publishedAt: number;
  /** The deadline, or 0 for none. */
  isOpenUntil: number;
  companyVerified: boolean;
  /** The title and description again, stemmed in the ad's language (STEMMED_FIELDS): only its language's pair is filled. */
  title_en?: string;
  description_en?: string;
  title_fr?: string;
  description_fr?: string;
}

/** The languages whose stemmer reads an ad: the ad's language (none is English, as in PostgreSQL). */
export const STEMMED_LANGUAGES = ['en', 'fr'] as const;
type StemmedLanguage = (typeof STEMMED_LANGUAGES)[number];

/**
 * The searchable text fields with a stemmed twin per language, each stemmed by Typesense's
 * Snowball stemmer of its locale (`stem: true`). French text is indexed with its diacritics
 * folded, as the query is: Typesense keeps a non-English field's accents, and
 * "developpeur" must find "développeur".
 */
export const STEMMED_FIELDS = STEMMED_LANGUAGES.flatMap((language) =>
  (['title', 'description'] as const).map((field) => ({ name: `${field}_${language}` as const, type: 'string', optional: true, locale: language, stem: true }) as const),
);

/** Accents and other combining marks removed: how a query and a French stemmed field are read. */
export function foldDiacritics(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

/** The fields a search of `field` reads: the field itself, and its stemmed twins if it has any. */
export function searchFieldsOf(field: string): string[] {
  return field === 'title' || field === 'description' ? [field, ...STEMMED_LANGUAGES.map((language) => `${field}_${language}`)] : [field];
}

export const JOB_AD_COLLECTION_SCHEMA = {
  name: JOB_AD_COLLECTION,
  fields: [
    { name: 'title', type: 'string' },
    { name: 'skills', type: 'string[]' },
    { name: 'description', type: 'string' },
    { name: 'location', type: 'string', optional: true },
    { name: 'employmentType', type: 'string', facet: true, optional: true },
    { name: 'workMode', type: 'string', facet: true, optional: true },
    { name: 'assignmentType', type: 'string', facet: true, optional: true },
    { name: 'publishedAt', type: 'int64' },
    { name: 'isOpenUntil', type: 'int64' },
    { name: 'companyVerified', type: 'bool' },
    ...STEMMED_FIELDS,
  ],
  default_sorting_field: 'publishedAt',
} as const;

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The columns a search document is built from. */
export const searchDocumentColumns = {
  id: jobAd.id,
  title: jobAd.title,
  skills: jobAd.skills,
  description: jobAd.description,
  adDescription: jobAd.adDescription,
  location: jobAd.location,
  employmentType: jobAd.employmentType,
  workMode: jobAd.workMode,
  assignmentType: jobAd.assignmentType,
  publishedAt: jobAd.publishedAt,
  publishedUntil: jobAd.publishedUntil,
  language: jobAd.language,
  companyVerificationStatus: company.verificationStatus,
};

export interface SearchDocumentRow {
  id: string;
  title: string;
  skills: string[];
  description: string | null;
  adDescription: string | null;
  location: string | null;
  employmentType: string | null;
  workMode: string | null;
  assignmentType: string | null;
  publishedAt: Date | null;
  publishedUntil: Date | null;
  language: string | null;
  companyVerificationStatus: string;
}

/**
 * Belongs in the collection: published (now or later: searches filter on publishedAt, so
 * a scheduled ad appears on time without another write), not past its deadline, not
 * deleted, from a verified company that is not deleted. Needs `company` joined.
 */
export function indexableJobAd(now: Date): SQL {
  return and(
    isNotNull(jobAd.publishedAt),
    isNull(jobAd.deletedAt),
    eq(company.verificationStatus, 'verified'),
    isNull(company.deletedAt),
    beforeDeadline(now),
  )!;
}

export function toSearchDocument(row: SearchDocumentRow): JobAdSearchDocument {
  const optional = (name: 'location' | 'employmentType' | 'workMode' | 'assignmentType') => (row[name] ? { [name]: row[name] } : {});
  const description = [row.description, row.adDescription].filter(Boolean).join('\n\n');
  // The ad's language stems it; an ad in another language has no stemmed twin (as in PostgreSQL).
  const language: StemmedLanguage | null = row.language === 'fr' ? 'fr' : row.language === null || row.language === 'en' ? 'en' : null;
  const read = language === 'fr' ? foldDiacritics : (text: string) => text;
  return {
    id: row.id,
    title: row.title,
    skills: row.skills,
    description,
    ...(language ? { [`title_${language}`]: read(row.title), [`description_${language}`]: read(description) } : {}),
    ...optional('location'),
    ...optional('employmentType'),
    ...optional('workMode'),
    ...optional('assignmentType'),
    publishedAt: row.publishedAt ? unixSeconds(row.publishedAt) : 0,
    isOpenUntil: row.publishedUntil ? unixSeconds(row.publishedUntil) : 0,
    companyVerified: row.companyVerificationStatus === 'verified',
  };
}
