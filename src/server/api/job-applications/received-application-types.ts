import { HIRING_STEP_GROUPS, hiringStepGroupOf, type HiringStepGroup } from '../../../lib/companies/hiring-steps';
import { isStuck, RECEIVED_APPLICATIONS_COUNT_CAP } from '../../../lib/job-applications/pipeline';
import { REJECTION_KINDS } from '../../../lib/job-applications/rejection-reasons';
import { builder } from '../builder';
import { JobReference, jobReferenceOf } from '../job-ads/job-reference';
import { cappedPageOf, type CappedPage } from '../pagination';
import type { ReceivedRow } from './received-application-rows';

// The GraphQL types of a received application: the applicant as companies see them, its
// hiring step and, once ended, the company's reason.

const PipelineGroup = builder.enumType('PipelineStepGroup', { values: HIRING_STEP_GROUPS });
const RejectionKindEnum = builder.enumType('RejectionKind', { description: 'REJECTED: ended by the company; WITHDRAWN: by the candidate', values: REJECTION_KINDS });

export const RejectionReason = builder.objectRef<{ id: string; kind: string; label: string }>('RejectionReason').implement({
  description: "One of the company's reasons for ending an application",
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: RejectionKindEnum, resolve: (row) => row.kind as (typeof REJECTION_KINDS)[number] }),
    label: t.exposeString('label'),
  }),
});

const ApplicationStep = builder.objectRef<{ id: string; stepName: string; group: HiringStepGroup | null; order: number }>('ApplicationStep').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    stepName: t.exposeString('stepName'),
    group: t.field({ type: PipelineGroup, nullable: true, resolve: (row) => row.group }),
    order: t.exposeInt('order'),
  }),
});

const ApplicationTalent = builder.objectRef<ReceivedRow>('ApplicationTalent').implement({
  description: 'What a company sees of an applicant',
  fields: (t) => ({
    id: t.id({ resolve: (row) => row.talentProfileId }),
    profileName: t.string({ nullable: true, resolve: (row) => row.profileName }),
    jobTitle: t.string({ nullable: true, resolve: (row) => row.jobTitle }),
    location: t.string({ nullable: true, resolve: (row) => row.location }),
    skills: t.stringList({ resolve: (row) => row.skills.map((skill) => skill.name).filter(Boolean) }),
  }),
});

export const ReceivedJobApplication = builder.objectRef<ReceivedRow>('ReceivedJobApplication');
ReceivedJobApplication.implement({
  description: 'An application the selected company received',
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    stepChangedAt: t.field({ type: 'DateTime', description: 'When it entered its current step', resolve: (row) => row.stepChangedAt }),
    isStuck: t.boolean({ description: "In an in-progress step for longer than the company's threshold", resolve: (row) => isStuck({ group: hiringStepGroupOf(row.stepGroup), stepChangedAt: row.stepChangedAt }, row.stuckAfterDays, new Date()) }),
    stuckAfterDays: t.int({ description: "The company's threshold for isStuck, in days", resolve: (row) => row.stuckAfterDays }),
    talent: t.field({ type: ApplicationTalent, resolve: (row) => row }),
    jobAd: t.field({ type: JobReference, nullable: true, resolve: (row) => jobReferenceOf(row.jobAdId, row.jobAdTitle) }),
    jobDescription: t.field({ type: JobReference, nullable: true, resolve: (row) => jobReferenceOf(row.jobDescriptionId, row.jobDescriptionTitle) }),
    hiringStep: t.field({
      type: ApplicationStep,
      nullable: true,
      resolve: (row) => (row.stepId && row.stepName !== null ? { id: row.stepId, stepName: row.stepName, group: hiringStepGroupOf(row.stepGroup), order: row.stepOrder ?? 0 } : null),
    }),
    documentsErased: t.boolean({ description: 'Its note and documents are no longer shown: its talent took them back on withdrawing it, or the retention rule erased them (retentionErasedAt)', resolve: (row) => row.documentsErasedAt !== null }),
    retentionErasedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the retention rule erased its note, answers, documents, conversation and interviews (the company's period after it ended); null while kept",
      resolve: (row) => row.retentionErasedAt,
    }),
    rejectionReason: t.field({ type: RejectionReason, nullable: true, resolve: (row) => (row.reasonId && row.reasonLabel !== null ? { id: row.reasonId, kind: row.reasonKind ?? 'REJECTED', label: row.reasonLabel } : null) }),
  }),
});

/** A page of received applications; when totalIsExact is false, total is the cap (the count stopped there). */
export type ReceivedPage = CappedPage<ReceivedRow>;

// With a text searched (q), the list is counted up to the received applications count cap.
export const ReceivedJobApplicationPage = cappedPageOf(ReceivedJobApplication, 'ReceivedJobApplication', RECEIVED_APPLICATIONS_COUNT_CAP, 'with a text searched (q)');
