import { and, desc, eq, inArray } from 'drizzle-orm';
import { interview } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { JobApplication } from '../talent-jobs/applications';
import { Interview, withNames } from './interview-types';

// A talent's application with its interviews (her applied jobs): where each stands and when,
// leading to the interview's page. Only her own, whatever application ids are asked about.
builder.objectField(JobApplication, 'interviews', (t) =>
  t.withAuth({ signedIn: true }).loadableList({
    type: Interview,
    description: 'Its interviews, newest first; a page of applications is read in one query',
    load: async (ids: string[], context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return ids.map(() => []);
      const rows = await withNames(
        context.db,
        await context.db.select().from(interview).where(and(eq(interview.talentProfileId, profileId), inArray(interview.jobApplicationId, ids))).orderBy(desc(interview.createdAt)),
      );
      return ids.map((id) => rows.filter((row) => row.jobApplicationId === id));
    },
    resolve: (row) => row.id,
  }),
);
