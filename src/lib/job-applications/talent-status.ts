import type { Tone } from '../theme/tones';

// The talent's status of an application: the few public words she reads (Welcome to the
// Jungle and Indeed show applicants the same kind of set), never the company's step names,
// notes or scorecards. Each hiring step says which word it shows: a closing step by its
// group, an in-progress step by its own choice (`talentStatus`). A company's move reaches
// the talent only after the company's delay (talent status delay), so that a mistaken move
// can be taken back before she ever sees it.

export const TALENT_STATUSES = ['APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'NOT_SELECTED', 'WITHDRAWN'] as const;
export type TalentStatus = (typeof TALENT_STATUSES)[number];

/** The words an in-progress step may show; the closing groups show their own. */
export const IN_PROGRESS_TALENT_STATUSES = ['APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER'] as const satisfies readonly TalentStatus[];
export type InProgressTalentStatus = (typeof IN_PROGRESS_TALENT_STATUSES)[number];

/** An in-progress step that chose none shows this. */
export const DEFAULT_IN_PROGRESS_TALENT_STATUS: InProgressTalentStatus = 'IN_REVIEW';

/** The closing groups of lib/companies/hiring-steps.ts and the word each shows. */
const CLOSING_TALENT_STATUS: Readonly<Record<string, TalentStatus>> = {
  HIRED: 'HIRED',
  REJECTED: 'NOT_SELECTED',
  WITHDRAWN: 'WITHDRAWN',
};

export function isTalentStatus(value: unknown): value is TalentStatus {
  return typeof value === 'string' && (TALENT_STATUSES as readonly string[]).includes(value);
}

export function isInProgressTalentStatus(value: unknown): value is InProgressTalentStatus {
  return typeof value === 'string' && (IN_PROGRESS_TALENT_STATUSES as readonly string[]).includes(value);
}

/**
 * What the talent reads for an application in this step (the step-to-status rule): a
 * closing step by its group; an in-progress step (or one of no known group) by its own
 * choice, else In review; an application in no step yet is Applied.
 */
export function talentStatusOfStep(step: { group: string | null; talentStatus: string | null } | null): TalentStatus {
  if (!step) return 'APPLIED';
  const closing = step.group ? CLOSING_TALENT_STATUS[step.group] : undefined;
  if (closing) return closing;
  return isInProgressTalentStatus(step.talentStatus) ? step.talentStatus : DEFAULT_IN_PROGRESS_TALENT_STATUS;
}

/** An application the talent still waits on (the dashboard's "active"); ended ones are history. */
export function isActiveTalentStatus(status: TalentStatus): boolean {
  return (IN_PROGRESS_TALENT_STATUSES as readonly string[]).includes(status);
}

/** The colour of a status: waiting neutral, in progress primary, hired green, not selected red, withdrawn neutral. */
export function talentStatusTone(status: TalentStatus): Tone {
  if (status === 'HIRED') return 'success';
  if (status === 'NOT_SELECTED') return 'danger';
  return status === 'APPLIED' || status === 'WITHDRAWN' ? 'neutral' : 'primary';
}

/** The bounds of a company's delay before a move reaches the talent, in minutes; the database's check holds the same. */
export const TALENT_STATUS_DELAY_RANGE = { min: 0, max: 1440 } as const;
export const DEFAULT_TALENT_STATUS_DELAY_MINUTES = 15;

/** What the talent has been shown last, or is to be shown: a status and the reason shared with it. */
export interface TalentStatusShown {
  status: TalentStatus;
  /** The company's reason, only when it chose to share it. */
  reason: string | null;
}

/**
 * What a move does to the talent's side (the held status rule): `nothing` when she would
 * read what she already reads (a move between two steps that show the same word, or back
 * to where she last saw it: a held change is then dropped, so a cancelled move never
 * reaches her); otherwise the new status is held until `visibleAt` (now plus the company's
 * delay), replacing any change still held.
 */
export function talentStatusChange(shown: TalentStatusShown, next: TalentStatusShown, delayMinutes: number, now: Date): { kind: 'nothing' } | { kind: 'hold'; visibleAt: Date } {
  if (shown.status === next.status && (shown.reason ?? null) === (next.reason ?? null)) return { kind: 'nothing' };
  const minutes = Math.min(TALENT_STATUS_DELAY_RANGE.max, Math.max(TALENT_STATUS_DELAY_RANGE.min, Math.trunc(delayMinutes)));
  return { kind: 'hold', visibleAt: new Date(now.getTime() + minutes * 60_000) };
}

/**
 * What an application waits for from its talent, most urgent first (the action-first rule
 * of her dashboard): times to choose for an interview, an interview booked to attend, a
 * message from the company not read yet, an offer to answer.
 */
export const APPLICATION_ACTIONS = ['CHOOSE_INTERVIEW_TIME', 'ATTEND_INTERVIEW', 'READ_MESSAGE', 'ANSWER_OFFER'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** The actions an application waits for, in APPLICATION_ACTIONS order. */
export function applicationActions(facts: { talentStatus: string | null; interviewToChoose: boolean; interviewBooked: boolean; unreadMessages: boolean }): ApplicationAction[] {
  const waiting: Record<ApplicationAction, boolean> = {
    CHOOSE_INTERVIEW_TIME: facts.interviewToChoose,
    ATTEND_INTERVIEW: facts.interviewBooked,
    READ_MESSAGE: facts.unreadMessages,
    ANSWER_OFFER: facts.talentStatus === 'OFFER',
  };
  return APPLICATION_ACTIONS.filter((action) => waiting[action]);
}
