import { describe, expect, it } from 'vitest';
import { stepCounts } from '../../../src/lib/job-applications/pipeline';

const applied = { stepId: 's1', stepName: 'Applied' };
const screening = { stepId: 's2', stepName: 'Screening' };
const hired = { stepId: 's5', stepName: 'Hired' };

describe('counts per hiring step', () => {
  it('keeps every step in pipeline order, nobody there counting 0', () => {
    const rows = stepCounts([applied, screening, hired], [{ stepId: 's2', count: 3 }, { stepId: 's1', count: 1 }]);
    expect(rows.map((row) => [row.step?.stepName, row.count])).toEqual([
      ['Applied', 1],
      ['Screening', 3],
      ['Hired', 0],
    ]);
  });

  it('adds one last row for those in no step or in a removed one, only when there are any', () => {
    const rows = stepCounts([applied], [{ stepId: null, count: 2 }, { stepId: 'gone', count: 1 }, { stepId: 's1', count: 4 }]);
    expect(rows).toEqual([{ step: applied, count: 4 }, { step: null, count: 3 }]);
    expect(stepCounts([applied], [])).toEqual([{ step: applied, count: 0 }]);
  });
});
