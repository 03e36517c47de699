import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { can } from '../../../lib/permissions/effective-permissions';
import type { Writer } from '../../db/client';
import { companyOnUser, jobAd, message, talentInvitation, talentJobApplication, user } from '../../db/schema';
import { membershipPermissions, selectMemberships } from '../auth/memberships';
import { subjectResourceOf } from './company-thread-subjects';
import type { ThreadRow } from './message-threads';

// Who at the company hears of a talent's message (bell, and mail for those who chose it):
// the members who take part in the conversation, that is who wrote in it for the company,
// and who answers for its record (the ad's owner for an application, who sent an
// invitation). A conversation no member has joined yet (a talent writing first about her
// application to an ad without an owner) goes to the company's owners. Each must still be
// an active member whose role reads the record: a member removed, or a role that lost the
// permission, hears nothing more.

type Thread = Pick<ThreadRow, 'id' | 'companyId' | 'jobApplicationId' | 'talentInvitationId' | 'jobAssignmentId'>;

async function recordOwnerOf(tx: Writer, thread: Thread): Promise<string | null> {
  if (thread.jobApplicationId) {
    const [row] = await tx.select({ id: jobAd.ownerUserId }).from(talentJobApplication).innerJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId)).where(eq(talentJobApplication.id, thread.jobApplicationId)).limit(1);
    return row?.id ?? null;
  }
  if (thread.talentInvitationId) {
    const [row] = await tx.select({ id: talentInvitation.invitedByUserId }).from(talentInvitation).where(eq(talentInvitation.id, thread.talentInvitationId)).limit(1);
    return row?.id ?? null;
  }
  return null;
}

export async function companyRecipientsOf(tx: Writer, thread: Thread): Promise<string[]> {
  const [writers, owner, members] = await Promise.all([
    tx.select({ id: message.authorUserId }).from(message).where(and(eq(message.threadId, thread.id), eq(message.fromCompany, true), isNotNull(message.authorUserId))),
    recordOwnerOf(tx, thread),
    selectMemberships(tx, and(eq(companyOnUser.companyId, thread.companyId), inArray(companyOnUser.userId, tx.select({ id: user.id }).from(user).where(eq(user.status, 'active'))))!),
  ]);
  const resource = subjectResourceOf(thread);
  const readers = members.filter((member) => can(membershipPermissions(member), resource, 'read'));
  const taking = new Set([...writers.map((row) => row.id!), ...(owner ? [owner] : [])]);
  const involved = readers.filter((member) => taking.has(member.userId));
  return (involved.length ? involved : readers.filter((member) => member.isOwnerRole)).map((member) => member.userId);
}
