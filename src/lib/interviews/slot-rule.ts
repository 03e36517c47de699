import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { INTERVIEW_DURATION, MAX_PROPOSED_SLOTS } from './interview-rules';

// The slot rule: the times a member proposes "by rule" instead of by hand. Working hours are
// the organiser's wall-clock hours in her time zone, so a slot at 09:00 stays at 09:00 across
// a daylight-saving change; each slot starts every N minutes within them, ends before the
// day's end, and keeps a buffer clear of the interviewers' booked interviews. The times are
// alternatives for the talent to choose from, so they may overlap one another.

export interface TimeRange {
  start: Date;
  end: Date;
}

export interface SlotRule {
  /** First and last day, YYYY-MM-DD, in the time zone. */
  fromDay: string;
  toDay: string;
  /** Working hours, HH:MM, in the time zone. */
  dayStart: string;
  dayEnd: string;
  /** ISO weekdays the rule works on: 1 Monday to 7 Sunday. */
  weekdays: readonly number[];
  durationMinutes: number;
  bufferMinutes: number;
  everyMinutes: number;
  timeZone: string;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dayInvalid' });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'timeInvalid' });

/** The longest span one rule covers. */
export const SLOT_RULE_MAX_DAYS = 31;

export const slotRuleSchema = z
  .object({
    fromDay: day,
    toDay: day,
    dayStart: clock,
    dayEnd: clock,
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, { message: 'weekdaysRequired' }),
    durationMinutes: z.number().int().min(INTERVIEW_DURATION.min, { message: 'durationInvalid' }).max(INTERVIEW_DURATION.max, { message: 'durationInvalid' }),
    bufferMinutes: z.number().int().min(0, { message: 'bufferInvalid' }).max(240, { message: 'bufferInvalid' }),
    everyMinutes: z.number().int().min(5, { message: 'everyInvalid' }).max(480, { message: 'everyInvalid' }),
    timeZone: z.string().refine(isTimeZone, { message: 'timeZoneUnknown' }),
  })
  .refine((rule) => rule.fromDay <= rule.toDay, { message: 'daysReversed', path: ['toDay'] })
  .refine((rule) => daysBetween(rule.fromDay, rule.toDay) < SLOT_RULE_MAX_DAYS, { message: 'daysTooMany', path: ['toDay'] })
  .refine((rule) => rule.dayStart < rule.dayEnd, { message: 'hoursReversed', path: ['dayEnd'] });

/** True for an IANA zone this runtime knows (Europe/Paris), false for anything else. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/** The instant of a wall-clock time in a zone: 2026-03-29 and 09:30 in Europe/Paris. A time the clocks skip moves forward with them. */
export function zonedInstant(dayText: string, minutes: number, timeZone: string): Date {
  const [year, month, date] = dayText.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

/** A datetime-local value (2026-03-29T09:30) read in a zone; null when it is not one. */
export function localInputInstant(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match || !isTimeZone(timeZone)) return null;
  const instant = zonedInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]), timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An instant as a datetime-local value in a zone: what an edit form shows back. */
export function localInputValue(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}T${two(local.getHours())}:${two(local.getMinutes())}`;
}

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/** The slot rule's times, at most MAX_PROPOSED_SLOTS, none before `notBefore`, none within the buffer of a busy range. */
export function slotsByRule(rule: SlotRule, busy: readonly TimeRange[], notBefore: Date): TimeRange[] {
  const slots: TimeRange[] = [];
  const duration = rule.durationMinutes * 60_000;
  const buffer = rule.bufferMinutes * 60_000;
  const first = minutesOf(rule.dayStart);
  const last = minutesOf(rule.dayEnd) - rule.durationMinutes;
  for (let offset = 0; offset <= daysBetween(rule.fromDay, rule.toDay); offset += 1) {
    const dayText = new Date(Date.parse(`${rule.fromDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    // The weekday of a calendar day is the same in every zone.
    const weekday = new Date(`${dayText}T12:00:00Z`).getUTCDay() || 7;
    if (!rule.weekdays.includes(weekday)) continue;
    for (let minutes = first; minutes <= last; minutes += rule.everyMinutes) {
      const start = zonedInstant(dayText, minutes, rule.timeZone);
      const slot = { start, end: new Date(start.getTime() + duration) };
      if (start < notBefore) continue;
      const guarded = { start: new Date(start.getTime() - buffer), end: new Date(slot.end.getTime() + buffer) };
      if (busy.some((range) => overlaps(guarded, range))) continue;
      slots.push(slot);
      if (slots.length === MAX_PROPOSED_SLOTS) return slots;
    }
  }
  return slots;
}
