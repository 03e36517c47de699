import { TALENT_STATUSES } from '../../../lib/job-applications/talent-status';
import { builder } from '../builder';

// The talent's status of an application (lib/job-applications/talent-status.ts) in the API:
// the words she is shown, and each dated change of her timeline.

export const TalentStatusEnum = builder.enumType('TalentStatus', {
  description: "An application's status as its talent reads it: the company's hiring steps mapped to a few public words",
  values: TALENT_STATUSES,
});

export const TalentStatusEntryRef = builder.objectRef<{ status: (typeof TALENT_STATUSES)[number]; reason: string | null; at: Date }>('TalentStatusEntry').implement({
  description: 'One change of an application as its talent was shown it',
  fields: (t) => ({
    status: t.field({ type: TalentStatusEnum, resolve: (row) => row.status }),
    reason: t.exposeString('reason', { nullable: true, description: "The company's reason, when it shared it" }),
    at: t.field({ type: 'DateTime', description: 'When she was shown it', resolve: (row) => row.at }),
  }),
});
