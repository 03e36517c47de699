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
  return {
    id: row.id,
    title: row.title,
    skills: row.skills,
    description: [row.description, row.adDescription].filter(Boolean).join('\n\n'),
    ...optional('location'),
    ...optional('employmentType'),
    ...optional('workMode'),
    ...optional('assignmentType'),
    publishedAt: row.publishedAt ? unixSeconds(row.publishedAt) : 0,
    isOpenUntil: row.publishedUntil ? unixSeconds(row.publishedUntil) : 0,
    companyVerified: row.companyVerificationStatus === 'verified',
  };
}
