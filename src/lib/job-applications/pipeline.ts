import type { HiringStepGroup } from '../companies/hiring-steps';
import type { RejectionKind } from './rejection-reasons';

// The rules of the hiring pipeline: which steps end an application, which need
// a reason, when an application is stuck, how many may move at once, and how far a searched
// list of them counts.

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
/**
 * The received applications count cap: a text searched in the received applications (a name,
 * job title or skill) counts its matches up to this many, past it the total reads "1,000+"
 * and pages end there. A common skill matches most of a large company's applications, and
 * counting every one of them grows with the company (as the job and talent searches' caps).
 */
export const RECEIVED_APPLICATIONS_COUNT_CAP = 1_000;

/** A hiring step as an ad's board draws it: a column, in pipeline order. */
export interface BoardStep {
  id: string;
  stepName: string;
}

/** One column of the board: a hiring step, or (step null) the applications in none of the board's steps. */
export interface BoardColumn<Item> {
  step: BoardStep | null;
  items: Item[];
}

/**
 * One job ad's board: a column per hiring step, in pipeline order, each with its
 * applications. The steps are the company's list when the member may read it (`steps`; a
 * step nobody is in is an empty column); without it (null), the steps the applications are
 * in, which reading the applications shows anyway. An application in none of those steps
 * (in no step yet, or in one since removed) goes to a last column of its own: every
 * application the count names is on the board.
 */
export function boardColumns<Item extends { hiringStep: { id: string; stepName: string; order: number } | null }>(
  steps: readonly BoardStep[] | null,
  items: readonly Item[],
): BoardColumn<Item>[] {
  const listed: BoardStep[] = steps
    ? [...steps]
    : [...new Map(items.flatMap((item) => (item.hiringStep ? [[item.hiringStep.id, item.hiringStep] as const] : []))).values()]
        .sort((a, b) => a.order - b.order)
        .map(({ id, stepName }) => ({ id, stepName }));
  const known = new Set(listed.map((step) => step.id));
  const columns: BoardColumn<Item>[] = listed.map((step) => ({ step, items: items.filter((item) => item.hiringStep?.id === step.id) }));
  const elsewhere = items.filter((item) => !item.hiringStep || !known.has(item.hiringStep.id));
  return elsewhere.length ? [...columns, { step: null, items: elsewhere }] : columns;
}

/** Applications in one hiring step; a null step counts those in none of the company's steps. */
export interface StepCount<Step> {
  step: Step | null;
  count: number;
}

/**
 * Counts per step in pipeline order, as a pipeline is counted everywhere (the dashboard,
 * a job ad): every step of `steps`, a step nobody is in at 0, then one last row (step null)
 * for the applications in no step or in a step since removed, when there are any. `placed`
 * is how many applications sit in each step id (null: in none), as one grouped query counts them.
 */
export function stepCounts<Step extends { stepId: string }>(steps: readonly Step[], placed: ReadonlyArray<{ stepId: string | null; count: number }>): StepCount<Step>[] {
  const counts = new Map(placed.map((row) => [row.stepId, row.count]));
  const known = new Set(steps.map((step) => step.stepId));
  const rows: StepCount<Step>[] = steps.map((step) => ({ step, count: counts.get(step.stepId) ?? 0 }));
  const unplaced = placed.filter((row) => row.stepId === null || !known.has(row.stepId)).reduce((sum, row) => sum + row.count, 0);
  return unplaced > 0 ? [...rows, { step: null, count: unplaced }] : rows;
}

/** Board column widths in pixels: a column with cards, an empty one (collapsed), the gap between. */
export const BOARD_COLUMN_WIDTH = { filled: 232, empty: 40, gap: 8 } as const;
/** The widest board the company area shows without scrolling at 1280 px (the page less its side menu and margins). */
export const BOARD_FITS_WIDTH = 904;

/** Whether a board whose columns hold these many cards fits the page at 1280 px without scrolling sideways. */
export function boardFits(cardsPerColumn: readonly number[]): boolean {
  const { filled, empty, gap } = BOARD_COLUMN_WIDTH;
  const width = cardsPerColumn.reduce((sum, count) => sum + (count ? filled : empty), 0) + gap * Math.max(0, cardsPerColumn.length - 1);
  return width <= BOARD_FITS_WIDTH;
}
