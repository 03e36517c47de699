// Why an application ended without a hire: every rejection names a reason from
// the company's own list, split by who ended it, so that no candidate is dropped silently
// and the company can see why its pipeline loses people. Companies start with these.

export const REJECTION_KINDS = ['REJECTED', 'WITHDRAWN'] as const;
export type RejectionKind = (typeof REJECTION_KINDS)[number];

export const DEFAULT_REJECTION_REASONS: ReadonlyArray<{ key: string; kind: RejectionKind; label: string }> = [
  { key: 'skills', kind: 'REJECTED', label: 'Skills do not match the role' },
  { key: 'experience', kind: 'REJECTED', label: 'Not enough experience' },
  { key: 'anotherCandidate', kind: 'REJECTED', label: 'Another candidate was chosen' },
  { key: 'salary', kind: 'REJECTED', label: 'Salary expectations too far apart' },
  { key: 'closed', kind: 'REJECTED', label: 'The position was closed' },
  { key: 'acceptedOther', kind: 'WITHDRAWN', label: 'Accepted another offer' },
  { key: 'notLooking', kind: 'WITHDRAWN', label: 'No longer looking' },
  { key: 'terms', kind: 'WITHDRAWN', label: 'Terms did not suit them' },
  { key: 'stoppedAnswering', kind: 'WITHDRAWN', label: 'Stopped answering' },
];

/** How long an application may sit in an in-progress step before the board marks it stuck. */
export const DEFAULT_STUCK_AFTER_DAYS = 14;

export const REJECTION_REASON_LABEL_MAX = 200;
