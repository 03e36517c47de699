import { describe, expect, it } from 'vitest';
import { savedJobState } from '../../../src/lib/talent-jobs/saved-job-state';

describe('saved job state', () => {
  it('is open while the ad is visible and before its deadline', () => {
    expect(savedJobState({ isVisible: true, isOpen: true })).toBe('open');
  });

  it('is closed once past its deadline, its page still readable', () => {
    expect(savedJobState({ isVisible: true, isOpen: false })).toBe('closed');
  });

  it('is unavailable once removed or unpublished, whatever its deadline', () => {
    expect(savedJobState({ isVisible: false, isOpen: false })).toBe('unavailable');
    expect(savedJobState({ isVisible: false, isOpen: true })).toBe('unavailable');
  });
});
