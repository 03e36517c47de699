import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { TalentStatusEnum } from './talent-status-types';
import { ReceivedJobApplication } from './received-application-types';
import { heldTalentStatuses, talentStatusTimelines, type HeldTalentStatus } from './talent-statuses';

// What the talent reads of an application the company received, and the move still held
// from her (the company's undo): the company sees the public word beside its own step.

const HeldTalentStatusRef = builder.objectRef<HeldTalentStatus>('HeldTalentStatus').implement({
  description: 'A move the talent has not been shown yet: undoTalentJobApplicationMove takes it back until visibleAt',
  fields: (t) => ({
    status: t.field({ type: TalentStatusEnum, description: 'What she will read', resolve: (row) => row.status }),
    visibleAt: t.field({ type: 'DateTime', description: 'When she will be shown it, and told', resolve: (row) => row.visibleAt }),
  }),
});

builder.objectField(ReceivedJobApplication, 'heldTalentStatus', (t) =>
  t.withAuth({ signedIn: true }).loadable({
    type: HeldTalentStatusRef,
    nullable: true,
    description: 'The move its talent has not been shown yet, if any; a page of applications is read in one query',
    load: async (ids: string[], context) => {
      requireCompanyPermission(context, 'talentJobApplication', 'read');
      const held = await heldTalentStatuses(context.db, ids);
      return ids.map((id) => held.get(id) ?? null);
    },
    resolve: (row) => row.id,
  }),
);

builder.objectField(ReceivedJobApplication, 'talentStatus', (t) =>
  t.withAuth({ signedIn: true }).loadable({
    type: TalentStatusEnum,
    description: 'What its talent reads now (Applied until a move has reached her); a page of applications is read in one query',
    load: async (ids: string[], context) => {
      requireCompanyPermission(context, 'talentJobApplication', 'read');
      const timelines = await talentStatusTimelines(context.db, ids);
      return ids.map((id) => timelines.get(id)?.at(-1)?.status ?? 'APPLIED');
    },
    resolve: (row) => row.id,
  }),
);
