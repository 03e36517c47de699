import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvitation, escapeText, foldLine, localStamp, type CalendarInvitation } from '../../../src/server/calendar/calendar-invitation';

// Calendar invitations (RFC 5545 with iTIP, RFC 5546), read back by an iCalendar library
// (ical.js) as a calendar program would: the method, a UID that stays and a SEQUENCE that
// goes up, organiser and attendees, the time zone's rules, and times that land on the right
// instant on both sides of the daylight-saving changes of Paris and New York.

const base: CalendarInvitation = {
  method: 'REQUEST',
  uid: 'interview-5d0c4b6a-0000-4000-8000-000000000060@talentplace.test',
  sequence: 0,
  start: new Date('2026-03-30T08:00:00Z'),
  end: new Date('2026-03-30T08:45:00Z'),
  timeZone: 'Europe/Paris',
  summary: 'Interview: Rust engineer, Northwind Labs',
  description: 'Second round; bring your portfolio.\nVideo link below.',
  location: 'https://meet.example.test/abc, room 2; floor 3',
  organizer: { name: 'Oscar Owner', email: 'owner@demo.test' },
  attendees: [
    { name: 'Tara Talent', email: 'talent@demo.test' },
    { name: null, email: 'recruiter@demo.test' },
  ],
  stamp: new Date('2026-03-20T12:00:00Z'),
};

/** The event as a calendar program reads it, its zone registered from the object's own VTIMEZONE. */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('a calendar invitation', () => {
  it('is an iTIP REQUEST with a stable UID, its SEQUENCE, the organiser and every attendee asked to answer', () => {
    const { calendar, vevent, event } = read(calendarInvitation(base));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:owner@demo.test');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Oscar Owner');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((attendee) => attendee.getFirstValue())).toEqual(['mailto:talent@demo.test', 'mailto:recruiter@demo.test']);
    expect(attendees.map((attendee) => attendee.getParameter('rsvp'))).toEqual(['TRUE', 'TRUE']);
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('keeps the UID and raises the SEQUENCE when moved, and says CANCEL when called off', () => {
    const moved = read(calendarInvitation({ ...base, sequence: 1, start: new Date('2026-03-31T12:00:00Z'), end: new Date('2026-03-31T12:45:00Z') }));
    expect(moved.event.uid).toBe(base.uid);
    expect(moved.event.sequence).toBe(1);
    const cancelled = read(calendarInvitation({ ...base, method: 'CANCEL', sequence: 2 }));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('writes Paris wall-clock times with the zone’s rules, right on both sides of the spring change', () => {
    // Summer time began on Sunday 29 March 2026 in Paris: 10:00 is 08:00 UTC after, 09:00 UTC before.
    const after = calendarInvitation(base);
    expect(after).toContain('DTSTART;TZID=Europe/Paris:20260330T100000');
    expect(after).toContain('BEGIN:VTIMEZONE');
    expect(read(after).event.startDate.toJSDate().toISOString()).toBe('2026-03-30T08:00:00.000Z');
    const before = calendarInvitation({ ...base, start: new Date('2026-03-27T09:00:00Z'), end: new Date('2026-03-27T09:45:00Z') });
    expect(before).toContain('DTSTART;TZID=Europe/Paris:20260327T100000');
    expect(read(before).event.startDate.toJSDate().toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(read(before).event.endDate.toJSDate().toISOString()).toBe('2026-03-27T09:45:00.000Z');
  });

  it('does the same in New York, whose change comes three weeks earlier', () => {
    const ny = (iso: string) => calendarInvitation({ ...base, timeZone: 'America/New_York', start: new Date(iso), end: new Date(new Date(iso).getTime() + 30 * 60_000) });
    // 8 March 2026: 09:00 in New York is 14:00 UTC the Friday before, 13:00 UTC the Monday after.
    expect(ny('2026-03-06T14:00:00Z')).toContain('DTSTART;TZID=America/New_York:20260306T090000');
    expect(ny('2026-03-09T13:00:00Z')).toContain('DTSTART;TZID=America/New_York:20260309T090000');
    expect(read(ny('2026-03-09T13:00:00Z')).event.startDate.toJSDate().toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(read(ny('2026-03-06T14:00:00Z')).event.startDate.toJSDate().toISOString()).toBe('2026-03-06T14:00:00.000Z');
  });

  it('falls back to UTC times for a zone it does not know', () => {
    const text = calendarInvitation({ ...base, timeZone: 'Mars/Olympus_Mons' });
    expect(text).toContain('DTSTART:20260330T080000Z');
    expect(text).not.toContain('VTIMEZONE');
    expect(read(text).event.startDate.toJSDate().toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });

  it('ends every line with CRLF, folds long lines within 75 octets without splitting a character, and escapes text', () => {
    const text = calendarInvitation({ ...base, description: `${'Très long détail, ;\\ '.repeat(20)}` });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(read(text).event.description).toBe('Très long détail, ;\\ '.repeat(20));
    expect(foldLine('é'.repeat(40)).split('\r\n ').map((piece) => new TextEncoder().encode(piece).length)).toEqual([74, 6]);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(localStamp(new Date('2026-10-25T00:30:00Z'), 'Europe/Paris')).toBe('20261025T023000');
  });
});
