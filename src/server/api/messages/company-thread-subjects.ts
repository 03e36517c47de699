import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import type { PermissionResource } from '../../../lib/permissions/resources';
import type { Writer } from '../../db/client';
import { jobAssignment, talentInvitation } from '../../db/schema';
import { ofCompany } from '../assignments/company-assignment-rows';
import { companySide, requireCompanyPermission } from '../auth/company-access';
import type { SignedInContext } from '../context';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import type { MessageSide } from '../../../lib/messages/message-rules';
import { ApiError, notFound } from '../errors';
import { ownApplications } from '../job-applications/received-application-rows';
import { companyThreads, talentThreads, threadIn, threadOfApplication, threadOfAssignment, threadOfInvitation, threadReadsOf, type ThreadReader, type ThreadRow } from './message-threads';

// What a company's member writes about (messages): one of its received applications, one
// of the invitations it sent, or an assignment it takes part in. Each is behind the
// permission of its own record and looked up among the company's own: anything else is
// NOT_FOUND, like an unknown id.

export const companyReader = (userId: string): ThreadReader => ({ side: 'company', userId });
export const talentReader = (userId: string): ThreadReader => ({ side: 'talent', userId });

/** Exactly one is named. */
export type CompanySubject = { jobApplicationId?: string | number | null; talentInvitationId?: string | number | null; jobAssignmentId?: string | number | null };

/** The record whose permission guards a thread: the one it is about. */
export function subjectResourceOf(thread: Pick<ThreadRow, 'jobApplicationId' | 'talentInvitationId'>): PermissionResource {
  return thread.jobApplicationId ? 'talentJobApplication' : thread.talentInvitationId ? 'talentInvitation' : 'jobAssignment';
}

export async function companySubjectOf(tx: Writer, context: SignedInContext, subject: CompanySubject, write: boolean) {
  const named = [subject.jobApplicationId, subject.talentInvitationId, subject.jobAssignmentId].filter((id) => id != null).length;
  if (named !== 1) throw new ApiError('BAD_USER_INPUT', 'Name the application, the invitation or the assignment, one of the three', { httpStatus: 400 });
  const actions = write ? (['read', 'update'] as const) : (['read'] as const);
  if (subject.jobApplicationId != null) {
    const { companyId, userId } = requireCompanyPermission(context, 'talentJobApplication', ...actions);
    const [application] = await ownApplications(tx, companyId, [String(subject.jobApplicationId)], write);
    return { companyId, userId, talentProfileId: application!.talentProfileId, values: { jobApplicationId: application!.id }, find: (db: Writer) => threadOfApplication(db, companyReader(userId), application!.id) };
  }
  if (subject.talentInvitationId != null) {
    const { companyId, userId } = requireCompanyPermission(context, 'talentInvitation', ...actions);
    const id = String(subject.talentInvitationId);
    if (!isUuid(id)) throw notFound('The invitation');
    const [invitation] = await tx.select({ id: talentInvitation.id, talentProfileId: talentInvitation.talentProfileId }).from(talentInvitation).where(and(eq(talentInvitation.id, id), eq(talentInvitation.companyId, companyId))).limit(1);
    if (!invitation) throw notFound('The invitation');
    return { companyId, userId, talentProfileId: invitation.talentProfileId, values: { talentInvitationId: invitation.id }, find: (db: Writer) => threadOfInvitation(db, companyReader(userId), invitation.id) };
  }
  // An assignment concerns up to three companies (client, provider, sales): each talks to the talent in its own thread.
  const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', ...actions);
  const id = String(subject.jobAssignmentId);
  if (!isUuid(id)) throw notFound('The assignment');
  const [assignment] = await tx.select({ id: jobAssignment.id, talentProfileId: jobAssignment.talentProfileId }).from(jobAssignment).where(and(eq(jobAssignment.id, id), ofCompany(companyId))).limit(1);
  if (!assignment) throw notFound('The assignment');
  return { companyId, userId, talentProfileId: assignment.talentProfileId, values: { jobAssignmentId: assignment.id }, find: (db: Writer) => threadOfAssignment(db, companyReader(userId), assignment.id, companyId) };
}

/** The company's threads the caller's role reads (applications, invitations, assignments); FORBIDDEN when it reads none. */
export function readableCompanyThreads(context: SignedInContext) {
  const scope = context.company;
  const reads = threadReadsOf(scope?.permissions);
  const first: PermissionResource = reads.applications ? 'talentJobApplication' : reads.invitations ? 'talentInvitation' : 'jobAssignment';
  const { companyId, userId } = requireCompanyPermission(context, first, 'read');
  return { userId, scope: companyThreads(companyId, reads)! };
}

/**
 * One of the caller's threads, from the side the call is made on (companySide): a thread of
 * the selected company the role reads, or one of her own as a talent. Any other id is NOT_FOUND.
 */
export async function callerThread(context: SignedInContext, id: string): Promise<{ side: MessageSide; reader: ThreadReader; thread: ThreadRow }> {
  if (companySide(context)) {
    const readable = readableCompanyThreads(context);
    const reader = companyReader(readable.userId);
    return { side: 'company', reader, thread: await threadIn(context.db, reader, readable.scope, id) };
  }
  const profileId = await requireMyTalentProfileId(context);
  const reader = talentReader(context.viewer.userId);
  return { side: 'talent', reader, thread: await threadIn(context.db, reader, talentThreads(profileId), id) };
}
