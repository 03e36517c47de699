import { and, eq, isNull } from 'drizzle-orm';
import { talentProfile } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { recordEvent } from '../record-event';
import { TalentProfile } from './talents';

// talentProfile.personalizedJobsFoundAt: when the dashboard last found jobs that
// match the talent's skills and that they had not seen before.

builder.objectField(TalentProfile, 'personalizedJobsFoundAt', (t) =>
  t.field({ type: 'DateTime', nullable: true, description: 'When the dashboard last found new jobs matching the skills', resolve: (row) => row.personalizedJobsFoundAt }),
);

builder.mutationField('markPersonalizedJobsFound', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'DateTime',
    description: "Records that new jobs matching the signed-in talent's skills were found now",
    resolve: async (_root, _args, context) => {
      const profileId = await requireMyTalentProfileId(context);
      const now = new Date();
      await context.db.transaction(async (tx) => {
        const updated = await tx
          .update(talentProfile)
          .set({ personalizedJobsFoundAt: now })
          .where(and(eq(talentProfile.id, profileId), isNull(talentProfile.deletedAt)))
          .returning({ id: talentProfile.id });
        if (updated.length) {
          await recordEvent(tx, context.viewer, { type: 'talentProfile.update', toId: profileId, data: { entityId: profileId, changedFields: ['personalizedJobsFoundAt'] } });
        }
      });
      return now;
    },
  }),
);
