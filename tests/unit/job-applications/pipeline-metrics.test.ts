import { describe, expect, it } from 'vitest';
import { median, metricsWindowStart, pipelineMetrics, type MetricsApplication, type MetricsMove, type MetricsStep } from '../../../src/lib/job-applications/pipeline-metrics';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

const STEPS: MetricsStep[] = [
  { id: 'applied', stepName: 'Applied', order: 1, group: 'IN_PROGRESS', deleted: false },
  { id: 'screening', stepName: 'Screening', order: 2, group: 'IN_PROGRESS', deleted: false },
  { id: 'interview', stepName: 'Interview', order: 3, group: 'IN_PROGRESS', deleted: false },
  { id: 'hired', stepName: 'Hired', order: 4, group: 'HIRED', deleted: false },
  { id: 'started', stepName: 'Started', order: 5, group: 'HIRED', deleted: false },
  { id: 'rejected', stepName: 'Rejected', order: 6, group: 'REJECTED', deleted: false },
  { id: 'withdrawn', stepName: 'Withdrawn', order: 7, group: 'WITHDRAWN', deleted: false },
];

const applied = (id: string, days: number, currentStepId: string | null): MetricsApplication => ({ id, createdAt: daysAgo(days), currentStepId });
const move = (applicationId: string, days: number, fromStepId: string | null, toStepId: string | null): MetricsMove => ({ applicationId, at: daysAgo(days), fromStepId, toStepId });
const metrics = (applications: MetricsApplication[], moves: MetricsMove[], steps = STEPS) => pipelineMetrics({ steps, applications, moves, now: NOW });
const rowOf = (result: ReturnType<typeof pipelineMetrics>, stepId: string) => result.passThrough.find((row) => row.stepId === stepId);

describe('pipeline metrics: pass-through rate per step (of the applications that reached a step in the last 90 days, the share that moved on to a later in-progress step or to HIRED)', () => {
  it('lists only the current in-progress steps, in pipeline order, with the window of the last 90 days', () => {
    const steps = [...STEPS, { id: 'old', stepName: 'Old step', order: 2, group: 'IN_PROGRESS' as const, deleted: true }, { id: 'ungrouped', stepName: 'Call', order: 8, group: null, deleted: false }];
    const result = metrics([], [], steps);
    expect(result.passThrough.map((row) => row.stepName)).toEqual(['Applied', 'Screening', 'Interview', 'Call']);
    expect(result.since).toEqual(metricsWindowStart(NOW));
    expect(NOW.getTime() - result.since.getTime()).toBe(90 * DAY);
  });

  it('judges moving on by the moves after each entry, for an application moved back and forth thousands of times as for one moved once', () => {
    // Screening ⇄ Applied 3,000 times over 60 days, then Interview, then back to Screening.
    const moves: MetricsMove[] = [];
    for (let index = 0; index < 3_000; index += 1) moves.push(move('a', 70 - index / 50, index % 2 ? 'screening' : 'applied', index % 2 ? 'applied' : 'screening'));
    moves.push(move('a', 5, 'applied', 'interview'), move('a', 4, 'interview', 'screening'));
    const result = metrics([applied('a', 80, 'screening'), applied('b', 3, 'applied')], moves);
    expect(rowOf(result, 'applied')).toMatchObject({ reached: 2, movedOn: 1 });
    expect(rowOf(result, 'screening')).toMatchObject({ reached: 1, movedOn: 1 });
    // Moved back from Interview: it reached Interview and did not move on from it.
    expect(rowOf(result, 'interview')).toMatchObject({ reached: 1, movedOn: 0 });
  });

  it('counts an application in the step it arrived in (before its first move, or now when never moved) and in each step it was moved into', () => {
    const result = metrics(
      [applied('a', 10, 'interview'), applied('b', 5, 'applied')],
      [move('a', 9, 'applied', 'screening'), move('a', 8, 'screening', 'interview')],
    );
    expect(rowOf(result, 'applied')).toEqual({ stepId: 'applied', stepName: 'Applied', reached: 2, movedOn: 1, rate: 0.5 });
    expect(rowOf(result, 'screening')).toMatchObject({ reached: 1, movedOn: 1, rate: 1 });
    // Still in Interview: it reached the step and has not moved on (yet).
    expect(rowOf(result, 'interview')).toMatchObject({ reached: 1, movedOn: 0, rate: 0 });
  });

  it('counts moving into any HIRED step, or skipping ahead to a later in-progress step, as moving on', () => {
    const result = metrics([applied('a', 20, 'hired'), applied('b', 20, 'interview')], [move('a', 15, 'applied', 'hired'), move('b', 15, 'applied', 'interview')]);
    expect(rowOf(result, 'applied')).toMatchObject({ reached: 2, movedOn: 2, rate: 1 });
    // Skipped: Screening was never reached, so it has no rate rather than 0 %.
    expect(rowOf(result, 'screening')).toMatchObject({ reached: 0, movedOn: 0, rate: null });
  });

  it('does not count moving back, or ending in REJECTED or WITHDRAWN, as moving on', () => {
    const result = metrics(
      [applied('back', 30, 'applied'), applied('no', 30, 'rejected'), applied('gone', 30, 'withdrawn')],
      [move('back', 29, 'applied', 'interview'), move('back', 28, 'interview', 'applied'), move('no', 29, 'applied', 'rejected'), move('gone', 29, 'applied', 'withdrawn')],
    );
    // Interview: reached by "back", which was then moved back to Applied.
    expect(rowOf(result, 'interview')).toMatchObject({ reached: 1, movedOn: 0 });
    // Applied: each application counts once, however often it entered; only "back" moved on.
    expect(rowOf(result, 'applied')).toMatchObject({ reached: 3, movedOn: 1, rate: 1 / 3 });
  });

  it('judges "later" by the order of the steps as they are now, counting moves into steps since removed by their order and group', () => {
    const steps = [...STEPS, { id: 'removed', stepName: 'Removed test', order: 2, group: 'IN_PROGRESS' as const, deleted: true }];
    const result = metrics([applied('a', 10, 'interview')], [move('a', 9, 'applied', 'removed'), move('a', 8, 'removed', 'interview')], steps);
    expect(rowOf(result, 'applied')).toMatchObject({ reached: 1, movedOn: 1 });
    expect(rowOf(result, 'removed')).toBeUndefined();
  });

  it('leaves out what happened before the last 90 days: older arrivals and moves reach nothing', () => {
    const result = metrics(
      [applied('old', 120, 'screening'), applied('recent', 30, 'applied')],
      // The old application arrived, and entered Screening, before the window: only its recent move into Interview counts.
      [move('old', 100, 'applied', 'screening'), move('old', 10, 'screening', 'interview')],
    );
    expect(rowOf(result, 'applied')).toMatchObject({ reached: 1, movedOn: 0 });
    expect(rowOf(result, 'screening')).toMatchObject({ reached: 0, movedOn: 0, rate: null });
    expect(rowOf(result, 'interview')).toMatchObject({ reached: 1, movedOn: 0 });
  });
});

describe('pipeline metrics: median time to hire (from applying to the move into a HIRED step, for hires in the last 90 days)', () => {
  it('is the median of the days from creation to the hire, the mean of the two middle ones for an even count', () => {
    const result = metrics(
      [applied('a', 40, 'hired'), applied('b', 30, 'hired'), applied('c', 20, 'hired'), applied('d', 12, 'hired')],
      // Hired after 10, 25, 18 and 2 days: the middle two are 10 and 18.
      [move('a', 30, 'interview', 'hired'), move('b', 5, 'interview', 'hired'), move('c', 2, 'interview', 'hired'), move('d', 10, 'applied', 'hired')],
    );
    expect(result.hires).toBe(4);
    expect(result.medianDaysToHire).toBe(14);
  });

  it('counts an application hired in the window even when it applied before it, and no hire made before the window', () => {
    const result = metrics(
      [applied('long', 150, 'hired'), applied('earlier', 200, 'started')],
      // "earlier" was hired before the window; moving it on to Started within it is no hire.
      [move('long', 30, 'interview', 'hired'), move('earlier', 95, 'interview', 'hired'), move('earlier', 20, 'hired', 'started')],
    );
    expect(result).toMatchObject({ hires: 1, medianDaysToHire: 120 });
  });

  it('takes the first move into HIRED: moving on between HIRED steps, or hiring again after a step back, is no new hire', () => {
    const result = metrics(
      [applied('a', 30, 'started')],
      [move('a', 20, 'interview', 'hired'), move('a', 15, 'hired', 'started'), move('a', 12, 'started', 'interview'), move('a', 5, 'interview', 'hired')],
    );
    expect(result).toMatchObject({ hires: 1, medianDaysToHire: 10 });
  });

  it('gives days to one decimal, and null when nobody was hired in the window', () => {
    const result = metrics([applied('a', 3.26, 'hired')], [move('a', 0, 'interview', 'hired')]);
    expect(result.medianDaysToHire).toBe(3.3);
    expect(metrics([applied('b', 5, 'rejected')], [move('b', 1, 'applied', 'rejected')])).toMatchObject({ hires: 0, medianDaysToHire: null });
  });
});

describe('median', () => {
  it('takes the middle value, the mean of the middle two, and none of nothing', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
