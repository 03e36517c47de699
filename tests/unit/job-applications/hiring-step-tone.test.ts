import { describe, expect, it } from 'vitest';
import { hiringStepTone } from '../../../src/lib/job-applications/hiring-step-tone';

// A hiring step's colour follows what the step means, never its name.
describe('hiringStepTone', () => {
  it('submitted (no step yet) is neutral', () => expect(hiringStepTone(null)).toBe('neutral'));
  it('in progress is primary, whatever the company named the step', () => expect(hiringStepTone({ group: 'IN_PROGRESS' })).toBe('primary'));
  it('hired is green', () => expect(hiringStepTone({ group: 'HIRED' })).toBe('success'));
  it('rejected is red', () => expect(hiringStepTone({ group: 'REJECTED' })).toBe('danger'));
  it('withdrawn by the talent is neutral: nobody failed', () => expect(hiringStepTone({ group: 'WITHDRAWN' })).toBe('neutral'));
  it('a step stored before groups had meanings counts as in progress', () => expect(hiringStepTone({ group: null })).toBe('primary'));
});
