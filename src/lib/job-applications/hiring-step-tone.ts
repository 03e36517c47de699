import type { HiringStepGroup } from '../companies/hiring-steps';
import type { Tone } from '../theme/tones';

/**
 * The colour of an application's hiring step, from what the step means rather than what the
 * company named it: only submitted (no step yet) neutral, in progress primary, hired green,
 * rejected red, withdrawn by the talent neutral. A step stored before groups had fixed
 * meanings (group null) counts as in progress.
 */
export function hiringStepTone(step: { group: HiringStepGroup | null } | null): Tone {
  if (!step) return 'neutral';
  switch (step.group) {
    case 'HIRED':
      return 'success';
    case 'REJECTED':
      return 'danger';
    case 'WITHDRAWN':
      return 'neutral';
    default:
      return 'primary';
  }
}
