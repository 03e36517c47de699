import { and, eq, inArray } from 'drizzle-orm';
import { talentJobApplication } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { talentStatusTimelines } from '../job-applications/talent-statuses';
import { JobApplication } from './applications';
import { TalentStatusEntryRef } from '../job-applications/talent-status-types';

// A talent's application with its dated timeline (her applied jobs): the changes she was
// shown, after her arrival. Only her own, whatever application ids are asked about.
builder.objectField(JobApplication, 'timeline', (t) =>
  t.withAuth({ signedIn: true }).loadableList({
    type: TalentStatusEntryRef,
    description: 'The changes she was shown, oldest first (her arrival is createdAt); a page of applications is read in two queries',
    load: async (ids: string[], context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return ids.map(() => []);
      const own = await context.db.select({ id: talentJobApplication.id }).from(talentJobApplication).where(and(eq(talentJobApplication.talentProfileId, profileId), inArray(talentJobApplication.id, ids)));
      const timelines = await talentStatusTimelines(context.db, own.map((row) => row.id));
      return ids.map((id) => timelines.get(id) ?? []);
    },
    resolve: (row) => row.id,
  }),
);
