import type { HiringStepGroup } from '../companies/hiring-steps';
import type { RejectionKind } from './rejection-reasons';

// The rules of the hiring pipeline (issue 16): which steps end an application, which need
// a reason, when an application is stuck, and how many may move at once.

/** Hired, rejected and withdrawn end an application; it may still be moved back. */
export function isClosingGroup(group: HiringStepGroup | null): boolean {
  return group === 'HIRED' || group === 'REJECTED' || group === 'WITHDRAWN';
}

/** A move into a REJECTED or WITHDRAWN step names a reason of that kind: never a silent end. */
export function reasonKindFor(group: HiringStepGroup | null): RejectionKind | null {
  return group === 'REJECTED' || group === 'WITHDRAWN' ? group : null;
}

const DAY_MS = 86_400_000;

/** Stuck: still in progress, and in its step for longer than the company's threshold. */
export function isStuck(application: { group: HiringStepGroup | null; stepChangedAt: Date | string }, stuckAfterDays: number, now: Date): boolean {
  if (application.group !== null && application.group !== 'IN_PROGRESS') return false;
  const since = new Date(application.stepChangedAt).getTime();
  return now.getTime() - since > stuckAfterDays * DAY_MS;
}

/** Whole days an application has been in its step. */
export function daysInStep(stepChangedAt: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(stepChangedAt).getTime()) / DAY_MS));
}

/** At most this many applications move in one bulk action (one page of the list). */
export const MAX_BULK_MOVE = 100;
/** Above this many, a bulk move or rejection asks to be confirmed first. */
export const BULK_CONFIRM_THRESHOLD = 5;
