/**
 * Where an assignment stands today, read from its dates alone (no stored status that could
 * drift): before its start day it is upcoming, after its end day it has ended, and in
 * between (both days included) it is current. A missing start means "already started",
 * a missing end means "open-ended".
 */
export const ASSIGNMENT_STATUSES = ['UPCOMING', 'CURRENT', 'ENDED'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export interface AssignmentDates {
  /** yyyy-mm-dd */
  startDate: string | null;
  /** yyyy-mm-dd */
  endDate: string | null;
}

/**
 * Today's calendar day as yyyy-mm-dd. Assignment dates are plain calendar days without a
 * time zone; the platform counts days in UTC, so every server agrees on "today".
 */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The status of an assignment on `today` (yyyy-mm-dd); ISO days compare as text. */
export function assignmentStatus({ startDate, endDate }: AssignmentDates, today: string): AssignmentStatus {
  if (endDate !== null && endDate < today) return 'ENDED';
  if (startDate !== null && startDate > today) return 'UPCOMING';
  return 'CURRENT';
}
