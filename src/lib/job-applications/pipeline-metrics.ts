import { isClosingGroup } from './pipeline';
import type { HiringStepGroup } from '../companies/hiring-steps';

// How a company's hiring pipeline performs (the pipeline metrics), for the dashboard: how many
// applications move on from each step, and how long a hire takes. Pure, fed with rows the
// API reads (the company's steps, its applications, and the moves of the event log), so
// the definitions below are the ones the unit tests check.

/** The metrics look back this many days from now. */
export const PIPELINE_METRICS_DAYS = 90;

const DAY_MS = 86_400_000;

/** A hiring step of the company as it is now; removed steps too, since moves may name them. */
export interface MetricsStep {
  id: string;
  stepName: string;
  order: number;
  group: HiringStepGroup | null;
  deleted: boolean;
}

/** An application with the step it is in now. */
export interface MetricsApplication {
  id: string;
  createdAt: Date;
  currentStepId: string | null;
}

/** One move of an application (a talentJobApplication.update event). */
export interface MetricsMove {
  applicationId: string;
  at: Date;
  fromStepId: string | null;
  toStepId: string | null;
}

export interface StepPassThrough {
  stepId: string;
  stepName: string;
  /** Applications that entered the step within the window. */
  reached: number;
  /** Of those, the ones that then moved on (see pipelineMetrics). */
  movedOn: number;
  /** movedOn / reached, from 0 to 1; null when no application reached the step. */
  rate: number | null;
}

export interface PipelineMetrics {
  /** The start of the window; it ends now. */
  since: Date;
  /** The company's in-progress steps, in pipeline order. */
  passThrough: StepPassThrough[];
  /** Applications hired within the window. */
  hires: number;
  /** Median days from applying to being hired, to one decimal; null without a hire. */
  medianDaysToHire: number | null;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The start of the metrics window that ends at `now`. */
export function metricsWindowStart(now: Date, days = PIPELINE_METRICS_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A step with no group yet counts as in progress, as the stuck rule reads it. */
const inProgress = (step: MetricsStep | undefined): step is MetricsStep => step !== undefined && !isClosingGroup(step.group);
const isHired = (step: MetricsStep | undefined): boolean => step?.group === 'HIRED';

/**
 * For each position in an application's moves (oldest first), what the moves from there on
 * reach: whether one enters a HIRED step, and the furthest in-progress step's order (-Infinity
 * for none). Read backwards once, so that an application moved thousands of times costs as
 * many steps, not their square.
 */
function onwardFrom(moves: readonly MetricsMove[], stepAt: (id: string | null) => MetricsStep | undefined): { hired: boolean[]; furthest: number[] } {
  const hired: boolean[] = new Array(moves.length + 1);
  const furthest: number[] = new Array(moves.length + 1);
  hired[moves.length] = false;
  furthest[moves.length] = -Infinity;
  for (let index = moves.length - 1; index >= 0; index -= 1) {
    const target = stepAt(moves[index]!.toStepId);
    hired[index] = hired[index + 1]! || isHired(target);
    furthest[index] = inProgress(target) ? Math.max(furthest[index + 1]!, target.order) : furthest[index + 1]!;
  }
  return { hired, furthest };
}

/**
 * The dashboard's pipeline metrics over the window [since, now]:
 *
 * - **Reached a step**: an application entered an in-progress step S within the window,
 *   either when it arrived (created within the window, S being the step it was in before its
 *   first move, or its current step when it never moved) or by a move into S within the
 *   window. An application counts once per step, however often it entered.
 * - **Moved on from S**: after first entering S within the window, it was moved into a step
 *   that comes later in the pipeline order and is in progress, or into any HIRED step.
 *   Moving back, or ending in a REJECTED or WITHDRAWN step, is not moving on; an application
 *   still in S has reached it and not (yet) moved on.
 * - **Pass-through rate** of S: moved on / reached; null when none reached S.
 * - **Hired within the window**: moved from a step that is not HIRED into a HIRED step
 *   within the window (moving between two HIRED steps is no new hire). Its **time to
 *   hire** runs from its creation to the first such move; the median is in days, to one
 *   decimal.
 *
 * Steps are judged by their order and group as they are now. Only the company's current
 * in-progress steps are listed: HIRED, REJECTED and WITHDRAWN end the pipeline, so nothing
 * passes through them.
 */
export function pipelineMetrics(input: {
  /** Every step of the company, in pipeline order (ties keep this order). */
  steps: readonly MetricsStep[];
  /** At least those created within the window and those moved within it (a hire needs its creation). */
  applications: readonly MetricsApplication[];
  /** At least the moves within the window; others are ignored. */
  moves: readonly MetricsMove[];
  now: Date;
  days?: number;
}): PipelineMetrics {
  const since = metricsWindowStart(input.now, input.days);
  const within = (at: Date) => at.getTime() >= since.getTime() && at.getTime() <= input.now.getTime();
  const stepOf = new Map(input.steps.map((step) => [step.id, step]));
  const stepAt = (id: string | null) => (id === null ? undefined : stepOf.get(id));
  const movesOf = new Map<string, MetricsMove[]>();
  for (const move of input.moves) {
    if (!within(move.at)) continue;
    const list = movesOf.get(move.applicationId) ?? [];
    list.push(move);
    movesOf.set(move.applicationId, list);
  }
  for (const list of movesOf.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());

  const reached = new Map<string, number>();
  const movedOn = new Map<string, number>();
  const daysToHire: number[] = [];
  const applicationIds = new Set([...input.applications.map((application) => application.id), ...movesOf.keys()]);
  const applicationOf = new Map(input.applications.map((application) => [application.id, application]));

  for (const id of applicationIds) {
    const application = applicationOf.get(id);
    const moves = movesOf.get(id) ?? [];
    // The steps it entered within the window, in order: its arrival, then each move; each
    // with the position of the moves that follow it.
    const entries: Array<{ stepId: string | null; nextMove: number }> = [];
    if (application && within(application.createdAt)) {
      entries.push({ stepId: moves.length ? moves[0]!.fromStepId : application.currentStepId, nextMove: 0 });
    }
    moves.forEach((move, index) => entries.push({ stepId: move.toStepId, nextMove: index + 1 }));
    const onward = onwardFrom(moves, stepAt);

    const counted = new Set<string>();
    for (const entry of entries) {
      const step = stepAt(entry.stepId);
      if (!inProgress(step) || counted.has(step.id)) continue;
      counted.add(step.id);
      reached.set(step.id, (reached.get(step.id) ?? 0) + 1);
      if (onward.hired[entry.nextMove] || onward.furthest[entry.nextMove]! > step.order) movedOn.set(step.id, (movedOn.get(step.id) ?? 0) + 1);
    }

    const hire = moves.find((move) => isHired(stepAt(move.toStepId)) && !isHired(stepAt(move.fromStepId)));
    if (hire && application) daysToHire.push(Math.max(0, hire.at.getTime() - application.createdAt.getTime()) / DAY_MS);
  }

  const listed = input.steps.filter((step) => !step.deleted && inProgress(step)).sort((a, b) => a.order - b.order);
  const middle = median(daysToHire);
  return {
    since,
    passThrough: listed.map((step) => {
      const count = reached.get(step.id) ?? 0;
      const onward = movedOn.get(step.id) ?? 0;
      return { stepId: step.id, stepName: step.stepName, reached: count, movedOn: onward, rate: count ? onward / count : null };
    }),
    hires: daysToHire.length,
    medianDaysToHire: middle === null ? null : Math.round(middle * 10) / 10,
  };
}
