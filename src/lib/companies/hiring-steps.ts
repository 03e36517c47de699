import { z } from 'zod';
import { optionalText, requiredName } from '../forms/field-rules';
import { IN_PROGRESS_TALENT_STATUSES, type InProgressTalentStatus } from '../job-applications/talent-status';

// A company's hiring pipeline (the companyHiringStep entity: stepName, stepDescription, order,
// group). Steps are named by each company; the group gives them a fixed meaning the
// product can count on (an application in a HIRED step is a hire, whatever the step's name).

export const HIRING_STEP_GROUPS = ['IN_PROGRESS', 'HIRED', 'REJECTED', 'WITHDRAWN'] as const;
export type HiringStepGroup = (typeof HIRING_STEP_GROUPS)[number];

/** A stored group as the product knows it; anything else (none, or an old value) is null. */
export function hiringStepGroupOf(value: string | null | undefined): HiringStepGroup | null {
  return (HIRING_STEP_GROUPS as readonly string[]).includes(value ?? '') ? (value as HiringStepGroup) : null;
}

/**
 * The steps every new company starts with (and the demo companies have), in order; a company
 * created by someone who reads another language gets them in it (new-company-defaults.ts).
 */
export const DEFAULT_HIRING_STEPS = [
  { key: 'applied', stepName: 'Applied', stepDescription: 'New applications waiting for a first look', group: 'IN_PROGRESS', talentStatus: 'APPLIED' },
  { key: 'screening', stepName: 'Screening', stepDescription: 'CV review and a short introduction call', group: 'IN_PROGRESS', talentStatus: 'IN_REVIEW' },
  { key: 'interview', stepName: 'Interview', stepDescription: 'Skills and team interviews', group: 'IN_PROGRESS', talentStatus: 'INTERVIEW' },
  { key: 'offer', stepName: 'Offer', stepDescription: 'Offer sent, waiting for an answer', group: 'IN_PROGRESS', talentStatus: 'OFFER' },
  { key: 'hired', stepName: 'Hired', stepDescription: 'Offer accepted', group: 'HIRED', talentStatus: null },
  { key: 'rejected', stepName: 'Rejected', stepDescription: 'Not taken further by the company', group: 'REJECTED', talentStatus: null },
  { key: 'withdrawn', stepName: 'Withdrawn', stepDescription: 'The talent withdrew the application', group: 'WITHDRAWN', talentStatus: null },
] as const satisfies ReadonlyArray<{ key: string; stepName: string; stepDescription: string; group: HiringStepGroup; talentStatus: InProgressTalentStatus | null }>;

export const HIRING_STEP_LIMITS = { stepName: 100, stepDescription: 1000 } as const;

const stepName = requiredName(HIRING_STEP_LIMITS.stepName, { required: 'stepNameRequired', tooLong: 'stepNameTooLong' });

/** Blank or null empties the description; undefined leaves it alone in an edit. */
const stepDescription = optionalText(HIRING_STEP_LIMITS.stepDescription, true);

const group = z.enum(HIRING_STEP_GROUPS, { message: 'stepGroupUnknown' });

/** What the talent reads while her application is in an in-progress step (lib/job-applications/talent-status.ts); null: the default. A closing step's own group decides. */
const talentStatus = z.preprocess((value) => (value === '' ? null : value), z.enum(IN_PROGRESS_TALENT_STATUSES, { message: 'talentStatusUnknown' }).nullish());

/** A new step goes to the end of the pipeline; moveCompanyHiringStep reorders. */
export const hiringStepCreateSchema = z.object({ stepName, stepDescription, group, talentStatus });
export const hiringStepUpdateSchema = hiringStepCreateSchema.partial();

/** The neighbour a step swaps places with, or null at either end. */
export function swapTarget<T extends { id: string }>(ordered: readonly T[], id: string, direction: 'UP' | 'DOWN'): T | null {
  const index = ordered.findIndex((step) => step.id === id);
  if (index < 0) return null;
  return ordered[direction === 'UP' ? index - 1 : index + 1] ?? null;
}
