import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { sentInvitationAnswer, TALENT_INVITATION_ERRORS, withdrawalRefusal } from '../../../lib/talent-invitations/talent-invitation-input';
import { talentInvitation, talentProfile } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { statusFactsOf } from './invitation-answer';
import { selectSent, sentBy, SentTalentInvitation } from './talent-invitations';

// A company takes back an invitation the talent has not answered yet: the talentInvitation
// delete. The row stays, soft-deleted (deleted_at), so that the company's list and the
// talent's own read it as withdrawn; nobody applies through it any more
// (talent-jobs/received-invitations.ts). The talent hears of it through their
// notifications, and by mail as their settings for "Invitation withdrawn" say.

const invitationNotFound = () => notFound('The invitation');

builder.mutationField('deleteOneTalentInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SentTalentInvitation,
    description:
      "Withdraws one of the selected company's invitations while it is pending (neither applied to nor ignored); it then reads WITHDRAWN on both sides and takes no application. CONFLICT with reason alreadyApplied, alreadyIgnored or alreadyWithdrawn otherwise; NOT_FOUND for any other id. Needs talentInvitation delete. Records talentInvitation.delete, addressed to the talent (their notification)",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentInvitation', 'delete');
      const invitationId = String(id);
      if (!isUuid(invitationId)) throw invitationNotFound();
      await context.db.transaction(async (tx) => {
        // Locked first, as the talent's apply and ignore lock it: whichever comes second sees
        // the other's answer, so only an invitation still pending is withdrawn.
        const [locked] = await tx
          .select({ id: talentInvitation.id, talentProfileId: talentInvitation.talentProfileId })
          .from(talentInvitation)
          .where(and(eq(talentInvitation.id, invitationId), sentBy(companyId)))
          .limit(1)
          .for('update');
        if (!locked) throw invitationNotFound();
        const [current] = await selectSent(tx).where(eq(talentInvitation.id, locked.id)).limit(1);
        if (!current) throw invitationNotFound();
        const refusal = withdrawalRefusal(sentInvitationAnswer(statusFactsOf(current)));
        if (refusal) throw conflict(refusal, TALENT_INVITATION_ERRORS);
        const withdrawnAt = new Date();
        await tx.update(talentInvitation).set({ deletedAt: withdrawnAt }).where(eq(talentInvitation.id, locked.id));
        const [talent] = await tx.select({ userId: talentProfile.userId }).from(talentProfile).where(eq(talentProfile.id, locked.talentProfileId)).limit(1);
        // Addressed to the talent's account, as the invitation was (none yet: toId null).
        await recordEvent(tx, context.viewer, {
          type: 'talentInvitation.delete',
          toId: talent?.userId ?? null,
          data: { entityId: locked.id, companyId, talentProfileId: locked.talentProfileId, before: { deletedAt: null }, after: { deletedAt: withdrawnAt.toISOString() } },
        });
      });
      const [row] = await selectSent(context.db).where(eq(talentInvitation.id, invitationId)).limit(1);
      return row!;
    },
  }),
);
