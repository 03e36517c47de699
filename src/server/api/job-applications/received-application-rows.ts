import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { DEFAULT_STUCK_AFTER_DAYS } from '../../../lib/job-applications/rejection-reasons';
import { DEFAULT_TALENT_STATUS_DELAY_MINUTES } from '../../../lib/job-applications/talent-status';
import { isUuid } from '../../../lib/ids';
import { company, companyHiringStep, companyRejectionReason, jobAd, jobDescription, talentJobApplication, talentProfile } from '../../db/schema';
import type { Writer } from '../../db/client';
import { notFound } from '../errors';

// Applications a company received (the received-job-applications and job-application
// pages): an application is the company's when its ad is (or, for an answer to an
// invitation without an ad, its job description is); any other id answers NOT_FOUND like
// an unknown one. This file reads them: the joins and columns every read shares (the
// dashboard and the admin pages too), and the company's own applications by id.

export interface ReceivedRow {
  id: string;
  message: string | null;
  createdAt: Date;
  stepChangedAt: Date;
  talentProfileId: string;
  talentUserId: string | null;
  profileName: string | null;
  jobTitle: string | null;
  location: string | null;
  skills: { name: string }[];
  jobAdId: string | null;
  jobAdTitle: string | null;
  jobDescriptionId: string | null;
  jobDescriptionTitle: string | null;
  stepId: string | null;
  stepName: string | null;
  stepGroup: string | null;
  stepOrder: number | null;
  stepTalentStatus: string | null;
  reasonId: string | null;
  reasonLabel: string | null;
  reasonKind: string | null;
  stuckAfterDays: number;
  talentStatusDelayMinutes: number;
  documentsErasedAt: Date | null;
  retentionErasedAt: Date | null;
}

/**
 * The company an application belongs to: its ad's publisher, else its job description's
 * writer, as the database keeps it on the application (talent_job_application.company_id,
 * set by its trigger), which the company's index serves.
 */
export const ownedBy = (companyId: string): SQL => eq(talentJobApplication.companyId, companyId);

/** The id of the company an application belongs to, by the same rule as `ownedBy`. */
export const applicationCompanyId = sql<string>`${talentJobApplication.companyId}`;

/** The joins every read of received applications filters and shows through, whatever it selects. */
export function withReceivedJoins<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .leftJoin(company, eq(company.id, applicationCompanyId))
    .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
    .leftJoin(companyRejectionReason, eq(companyRejectionReason.id, talentJobApplication.rejectionReasonId));
}

/** The columns of a received application as ReceivedJobApplication shows it. */
export const receivedColumns = {
  id: talentJobApplication.id,
  // Taken back with its documents when she withdrew it (talent-jobs/application-withdrawal.ts).
  message: sql<string | null>`case when ${talentJobApplication.documentsErasedAt} is null then ${talentJobApplication.message} end`,
  createdAt: talentJobApplication.createdAt,
  stepChangedAt: talentJobApplication.stepChangedAt,
  talentProfileId: talentProfile.id,
  talentUserId: talentProfile.userId,
  profileName: talentProfile.profileName,
  jobTitle: talentProfile.jobTitle,
  location: talentProfile.location,
  skills: talentProfile.skills,
  jobAdId: jobAd.id,
  jobAdTitle: jobAd.title,
  jobDescriptionId: jobDescription.id,
  jobDescriptionTitle: jobDescription.title,
  stepId: companyHiringStep.id,
  stepName: companyHiringStep.stepName,
  stepGroup: companyHiringStep.group,
  stepOrder: companyHiringStep.order,
  stepTalentStatus: companyHiringStep.talentStatus,
  reasonId: companyRejectionReason.id,
  reasonLabel: companyRejectionReason.label,
  reasonKind: companyRejectionReason.kind,
  stuckAfterDays: sql<number>`coalesce(${company.stuckAfterDays}, ${DEFAULT_STUCK_AFTER_DAYS})`,
  talentStatusDelayMinutes: sql<number>`coalesce(${company.talentStatusDelayMinutes}, ${DEFAULT_TALENT_STATUS_DELAY_MINUTES})`,
  documentsErasedAt: talentJobApplication.documentsErasedAt,
  retentionErasedAt: talentJobApplication.retentionErasedAt,
};

export function selectReceived(db: Writer) {
  return withReceivedJoins(db.select(receivedColumns).from(talentJobApplication).$dynamic());
}

/** An application of this company; another company's id is NOT_FOUND like an unknown one. */
export async function ownApplications(db: Writer, companyId: string, ids: readonly string[], lock = false): Promise<ReceivedRow[]> {
  if (!ids.length || ids.some((id) => !isUuid(id))) throw notFound('The application');
  const query = selectReceived(db).where(and(inArray(talentJobApplication.id, [...ids]), ownedBy(companyId)));
  const rows = (lock ? await query.for('update', { of: talentJobApplication }) : await query) as ReceivedRow[];
  if (rows.length !== new Set(ids).size) throw notFound('The application');
  return rows;
}
