import { describe, expect, it } from 'vitest';
import { dueReminders } from '../../../src/lib/interviews/interview-reminders';
import { listOfLines, mayReadScorecards, mayStillChange, RESCHEDULE_CUTOFF_HOURS, scorecardGap, scorecardSummary } from '../../../src/lib/interviews/interview-rules';
import { localInputInstant, localInputValue, slotsByRule, slotRuleSchema, type SlotRule } from '../../../src/lib/interviews/slot-rule';

// The interview rules: the slot rule (working hours in the organiser's zone, across
// daylight-saving changes, clear of booked interviews by the buffer), the reschedule cutoff,
// the four-point scorecard and the hidden scorecards rule.

const base: SlotRule = { fromDay: '2026-03-27', toDay: '2026-03-30', dayStart: '09:00', dayEnd: '11:00', weekdays: [1, 2, 3, 4, 5], durationMinutes: 60, bufferMinutes: 0, everyMinutes: 60, timeZone: 'Europe/Paris' };
const long = new Date('2026-01-01T00:00:00Z');

describe('the slot rule', () => {
  it('keeps 09:00 in Paris on both sides of the spring change (UTC+1 then UTC+2), working days only', () => {
    const slots = slotsByRule(base, [], long).map((slot) => slot.start.toISOString());
    // Friday 27 March (CET), then Monday 30 March (CEST); the weekend is skipped.
    expect(slots).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-27T09:00:00.000Z', '2026-03-30T07:00:00.000Z', '2026-03-30T08:00:00.000Z']);
  });

  it('keeps 09:00 in New York across the autumn change (EDT then EST)', () => {
    const slots = slotsByRule({ ...base, fromDay: '2026-10-30', toDay: '2026-11-02', dayEnd: '10:00', timeZone: 'America/New_York' }, [], long).map((slot) => slot.start.toISOString());
    expect(slots).toEqual(['2026-10-30T13:00:00.000Z', '2026-11-02T14:00:00.000Z']);
  });

  it('starts every N minutes, ends by the day’s end, and keeps the buffer clear of booked interviews', () => {
    const rule = { ...base, fromDay: '2026-03-30', toDay: '2026-03-30', dayStart: '08:00', dayEnd: '12:00', everyMinutes: 30, bufferMinutes: 15 };
    const busy = [{ start: new Date('2026-03-30T08:00:00Z'), end: new Date('2026-03-30T08:30:00Z') }]; // 10:00-10:30 in Paris
    const paris = (slot: { start: Date }) => localInputValue(slot.start, 'Europe/Paris').slice(11);
    // 09:00 ends at 10:00, inside the buffer from 09:45; 10:30 starts inside it (until 10:45); 11:00 is the last to end by 12:00.
    expect(slotsByRule(rule, busy, long).map(paris)).toEqual(['08:00', '08:30', '11:00']);
  });

  it('never proposes a time already past', () => {
    const slots = slotsByRule({ ...base, fromDay: '2026-03-30', toDay: '2026-03-30' }, [], new Date('2026-03-30T07:30:00Z'));
    expect(slots.map((slot) => slot.start.toISOString())).toEqual(['2026-03-30T08:00:00.000Z']);
  });

  it('refuses reversed days and hours, more than 31 days, an unknown zone', () => {
    const issues = (rule: Partial<SlotRule>) => (slotRuleSchema.safeParse({ ...base, ...rule }).error?.issues ?? []).map((issue) => issue.message);
    expect(issues({})).toEqual([]);
    expect(issues({ fromDay: '2026-04-02', toDay: '2026-04-01' })).toContain('daysReversed');
    expect(issues({ toDay: '2026-05-30' })).toContain('daysTooMany');
    expect(issues({ dayStart: '12:00', dayEnd: '09:00' })).toContain('hoursReversed');
    expect(issues({ timeZone: 'Mars/Olympus' })).toContain('timeZoneUnknown');
    expect(issues({ weekdays: [] })).toContain('weekdaysRequired');
  });

  it('reads and writes a datetime-local value in a zone, both sides of a change', () => {
    expect(localInputInstant('2026-03-28T10:00', 'Europe/Paris')!.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(localInputInstant('2026-03-30T10:00', 'Europe/Paris')!.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(localInputValue(new Date('2026-11-02T14:00:00Z'), 'America/New_York')).toBe('2026-11-02T09:00');
    expect(localInputInstant('tomorrow', 'Europe/Paris')).toBeNull();
    expect(localInputInstant('2026-03-30T10:00', 'Nowhere/City')).toBeNull();
  });
});

describe('the reschedule cutoff rule', () => {
  it('lets either side move an interview until 12 hours before it starts', () => {
    const start = new Date('2026-04-01T10:00:00Z');
    expect(RESCHEDULE_CUTOFF_HOURS).toBe(12);
    expect(mayStillChange(start, new Date('2026-03-31T21:59:00Z'))).toBe(true);
    expect(mayStillChange(start, new Date('2026-03-31T22:00:00Z'))).toBe(false);
  });
});

describe('the scorecard rule and the hidden scorecards rule', () => {
  const definition = { attributes: ['Rust', 'Teamwork'], questions: ['Why us?'] };
  it('asks every attribute rated 1 to 4 (no neutral), every question answered, a recommendation', () => {
    const full = { ratings: { Rust: 4, Teamwork: 1 }, answers: { 'Why us?': 'The product' }, recommendation: 'YES' as const };
    expect(scorecardGap(definition, full)).toBeNull();
    expect(scorecardGap(definition, { ...full, ratings: { Rust: 4 } })).toBe('ratingRequired');
    expect(scorecardGap(definition, { ...full, ratings: { Rust: 4, Teamwork: 0 } })).toBe('ratingRequired');
    expect(scorecardGap(definition, { ...full, ratings: { Rust: 2.5, Teamwork: 3 } })).toBe('ratingRequired');
    expect(scorecardGap(definition, { ...full, answers: { 'Why us?': '  ' } })).toBe('answerRequired');
    expect(scorecardGap(definition, { ...full, recommendation: 'MAYBE' as never })).toBe('recommendationRequired');
  });

  it('hides colleagues’ scorecards from an interviewer until hers is in; others who read applications see them; nobody else', () => {
    expect(mayReadScorecards({ readsApplication: true, interviews: true, submittedOwn: false })).toBe(false);
    expect(mayReadScorecards({ readsApplication: true, interviews: true, submittedOwn: true })).toBe(true);
    expect(mayReadScorecards({ readsApplication: true, interviews: false, submittedOwn: false })).toBe(true);
    expect(mayReadScorecards({ readsApplication: false, interviews: false, submittedOwn: false })).toBe(false);
  });

  it('sums recommendations and averages each attribute to one decimal', () => {
    const summary = scorecardSummary([
      { ratings: { Rust: 4, Teamwork: 2 }, recommendation: 'YES' },
      { ratings: { Rust: 3, Teamwork: 2 }, recommendation: 'STRONG_YES' },
      { ratings: { Rust: 4 }, recommendation: 'YES' },
    ]);
    expect(summary.recommendations).toEqual({ STRONG_NO: 0, NO: 0, YES: 2, STRONG_YES: 1 });
    expect(summary.averages).toEqual([
      { attribute: 'Rust', average: 3.7, count: 3 },
      { attribute: 'Teamwork', average: 2, count: 2 },
    ]);
  });

  it('reads a textarea as a list: trimmed, blanks dropped, duplicates once', () => {
    expect(listOfLines(' Rust \n\nTeamwork\nrust\r\n')).toEqual(['Rust', 'Teamwork']);
  });
});

describe('the interview reminders rule', () => {
  const interview = { startsAt: new Date('2026-04-02T09:00:00Z'), endsAt: new Date('2026-04-02T10:00:00Z') };
  const at = (iso: string) => dueReminders(interview, new Date(iso));
  it('reminds a day and an hour before, and never after the interview has begun', () => {
    expect(at('2026-04-01T08:59:00Z')).toEqual([]);
    expect(at('2026-04-01T09:00:00Z')).toEqual(['DAY_BEFORE']);
    expect(at('2026-04-02T07:30:00Z')).toEqual([]);
    expect(at('2026-04-02T08:00:00Z')).toEqual(['HOUR_BEFORE']);
    expect(at('2026-04-02T09:00:00Z')).toEqual([]);
  });
  it('asks for feedback only after the end, then once more a day later', () => {
    expect(at('2026-04-02T09:59:00Z')).toEqual([]);
    expect(at('2026-04-02T10:00:00Z')).toEqual(['FEEDBACK']);
    expect(at('2026-04-03T10:30:00Z')).toEqual(['FEEDBACK_AGAIN']);
    expect(at('2026-04-04T10:30:00Z')).toEqual([]);
  });
});
