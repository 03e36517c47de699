import { eq, sql } from 'drizzle-orm';
import { companyMemberInvitation, companyOnUser } from '../../db/schema';
import { recordEvent } from '../record-event';
import type { Writer } from './company-rows';

/**
 * A new user whose verified e-mail address was invited (createOneCompanyOnUser) joins those
 * companies with the invited roles, and the invitations are used up. Each join is logged as
 * companyOnUser.create by the joining user, naming the invitation and who sent it.
 */
export async function joinInvitedCompanies(tx: Writer, joining: { id: string; externalId: string; email: string }): Promise<void> {
  const invitations = await tx
    .delete(companyMemberInvitation)
    .where(eq(sql`lower(${companyMemberInvitation.email})`, joining.email.toLowerCase()))
    .returning();
  const viewer = { userId: joining.id, externalId: joining.externalId, email: joining.email, isAdmin: false, isImpersonate: false, actor: null };
  for (const invitation of invitations) {
    const [membership] = await tx
      .insert(companyOnUser)
      .values({ companyId: invitation.companyId, userId: joining.id, roleId: invitation.roleId })
      .onConflictDoNothing()
      .returning({ id: companyOnUser.id });
    if (!membership) continue;
    await recordEvent(tx, viewer, {
      type: 'companyOnUser.create',
      toId: invitation.companyId,
      data: { entityId: membership.id, companyId: invitation.companyId, invitationId: invitation.id, invitedById: invitation.invitedById, before: null, after: { userId: joining.id, roleId: invitation.roleId } },
    });
  }
}
