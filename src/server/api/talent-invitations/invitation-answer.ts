import { and, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { talentInvitation, talentJobApplication } from '../../db/schema';

// How an invitation was answered, in SQL, for both sides: the talent's own list
// (talent-jobs/received-invitations.ts) and the company's sent invitations. The rule is
// invitationStatus (src/lib/talent-jobs/invitation-status.ts): a withdrawn invitation
// (deleted_at set) reads as withdrawn whatever follows; otherwise applying answers for good,
// so it wins over ignoring. Every expression needs talent_invitation in the query.

/**
 * The talent's application that answers an invitation: to its job ad, or for an
 * invitation to a job description alone, to that description (with or without an ad).
 */
export const answersInvitation = sql`${talentJobApplication.talentProfileId} = ${talentInvitation.talentProfileId} and (case
  when ${talentInvitation.jobAdId} is not null then ${talentJobApplication.jobAdId} = ${talentInvitation.jobAdId}
  else ${talentJobApplication.jobDescriptionId} = ${talentInvitation.jobDescriptionId} end)`;

export const hasApplication = sql`exists (select 1 from ${talentJobApplication} where ${answersInvitation})`;

/** The first application that answers the invitation, if any. */
const answeringApplicationId = sql<string | null>`(select ${talentJobApplication.id} from ${talentJobApplication} where ${answersInvitation} order by ${talentJobApplication.createdAt} limit 1)`;

/** When the talent first applied, if they did. */
const answeredAt = sql<Date | null>`(select min(${talentJobApplication.createdAt}) from ${talentJobApplication} where ${answersInvitation})`.mapWith(talentJobApplication.createdAt);

/**
 * What both sides read of an invitation itself and of its answer, spread into their selects:
 * the company's list of sent invitations and the talent's own list read the same fields.
 */
export const invitationColumns = {
  id: talentInvitation.id,
  createdAt: talentInvitation.createdAt,
  ignored: talentInvitation.ignored,
  ignoredAt: talentInvitation.ignoredAt,
  details: talentInvitation.details,
  withdrawnAt: talentInvitation.deletedAt,
  applicationId: answeringApplicationId,
  appliedAt: answeredAt,
};

/** The invitations in one state: NEW (the talent's word; PENDING for the company), IGNORED, APPLIED or WITHDRAWN. */
export function invitationStatusIs(status: 'NEW' | 'IGNORED' | 'APPLIED' | 'WITHDRAWN'): SQL {
  const standing = isNull(talentInvitation.deletedAt);
  switch (status) {
    case 'NEW':
      return and(standing, eq(talentInvitation.ignored, false), not(hasApplication))!;
    case 'IGNORED':
      return and(standing, eq(talentInvitation.ignored, true), not(hasApplication))!;
    case 'APPLIED':
      return and(standing, hasApplication)!;
    case 'WITHDRAWN':
      return isNotNull(talentInvitation.deletedAt);
  }
}

/** The status of an invitation as invitationColumns read it (the rule both sides show). */
export const statusFactsOf = (row: { ignored: boolean; applicationId: string | null; withdrawnAt: Date | null }) => ({
  ignored: row.ignored,
  applied: row.applicationId !== null,
  withdrawn: row.withdrawnAt !== null,
});
