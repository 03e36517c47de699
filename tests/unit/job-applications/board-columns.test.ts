import { describe, expect, it } from 'vitest';
import { boardColumns } from '../../../src/lib/job-applications/pipeline';

const applied = { id: 's1', stepName: 'Applied', order: 1 };
const screening = { id: 's2', stepName: 'Screening', order: 2 };
const hired = { id: 's5', stepName: 'Hired', order: 5 };
const removed = { id: 'gone', stepName: 'Old step', order: 3 };
const item = (id: string, hiringStep: typeof applied | null) => ({ id, hiringStep });

describe("an ad's board", () => {
  it("draws the company's steps in order, empty ones included, each with its applications", () => {
    const items = [item('a', screening), item('b', applied), item('c', screening)];
    const columns = boardColumns([applied, screening, hired], items);
    expect(columns.map((column) => [column.step?.stepName, column.items.map((entry) => entry.id)])).toEqual([
      ['Applied', ['b']],
      ['Screening', ['a', 'c']],
      ['Hired', []],
    ]);
  });

  it('without the list of steps (a role that reads applications, not hiring steps), draws the steps the applications are in, in pipeline order', () => {
    const items = [item('a', hired), item('b', applied), item('c', hired)];
    const columns = boardColumns(null, items);
    expect(columns.map((column) => [column.step?.stepName, column.items.map((entry) => entry.id)])).toEqual([
      ['Applied', ['b']],
      ['Hired', ['a', 'c']],
    ]);
  });

  it('puts an application in no step, or in a step no longer listed, in a last column: every application counted is on the board', () => {
    const items = [item('a', null), item('b', applied), item('c', removed)];
    const columns = boardColumns([applied, screening], items);
    expect(columns.map((column) => [column.step?.stepName ?? null, column.items.map((entry) => entry.id)])).toEqual([
      ['Applied', ['b']],
      ['Screening', []],
      [null, ['a', 'c']],
    ]);
    expect(columns.flatMap((column) => column.items)).toHaveLength(items.length);
    expect(boardColumns(null, [item('a', null)])).toEqual([{ step: null, items: [item('a', null)] }]);
  });
});
