import { describe, expect, it } from 'vitest';
import { DEFAULT_HIRING_STEPS, HIRING_STEP_GROUPS, hiringStepUpdateSchema, swapTarget } from '../../../src/lib/companies/hiring-steps';

describe('hiring steps', () => {
  it('starts every company with a pipeline that ends in the hired, rejected and withdrawn groups', () => {
    expect(new Set(DEFAULT_HIRING_STEPS.map((step) => step.group))).toEqual(new Set(HIRING_STEP_GROUPS));
    expect(DEFAULT_HIRING_STEPS[0]).toMatchObject({ stepName: 'Applied', group: 'IN_PROGRESS' });
  });

  it('swaps a step with its neighbour, and with nothing at either end', () => {
    const steps = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(swapTarget(steps, 'b', 'UP')).toEqual({ id: 'a' });
    expect(swapTarget(steps, 'b', 'DOWN')).toEqual({ id: 'c' });
    expect(swapTarget(steps, 'a', 'UP')).toBeNull();
    expect(swapTarget(steps, 'c', 'DOWN')).toBeNull();
    expect(swapTarget(steps, 'x', 'DOWN')).toBeNull();
  });

  it('leaves out of an edit what was not sent, and empties a blank description', () => {
    expect(hiringStepUpdateSchema.parse({ stepDescription: '  ' })).toEqual({ stepDescription: null });
    expect(hiringStepUpdateSchema.parse({})).toEqual({});
  });
});
