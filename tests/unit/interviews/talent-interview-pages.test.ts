import { describe, expect, it } from 'vitest';
import type { GraphqlAnswerLike, SendGraphql } from '../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { formatDay, formatInterviewTime } from '../../../src/lib/interviews/interview-times';
import {
  interviewWhenText,
  otherFreeSlots,
  phoneHref,
  slotsByDay,
  submitTalentInterviewForm,
  talentInterviewHref,
  timeZoneOptions,
  videoHref,
} from '../../../src/lib/interviews/talent-interview-pages';
import words from '../../../src/locales/en/common/interviews.json' with { type: 'json' };
import talentWords from '../../../src/locales/en/common/talent-interviews.json' with { type: 'json' };

// The talent's interview pages: each form's post checked as the API checks it before any
// call, the API's refusals worded from its reason with what she typed kept, the times
// grouped by her zone's days, and the times she may move to.

const t = getTranslator();
const ID = '3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e';
const SLOT = '9b2f2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const errors = words.interviews.errors;
const own = talentWords.talentInterviews;

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** A fake API: answers `answer` and remembers what was sent. */
function api(answer: GraphqlAnswerLike = { status: 200, body: { data: {} } }) {
  const sent: Array<{ operationName?: string; variables?: Record<string, unknown> }> = [];
  const send: SendGraphql = async (body) => {
    sent.push(body);
    return answer;
  };
  return { send, sent };
}

const conflict = (reason: string, field?: string): GraphqlAnswerLike => ({
  status: 200,
  body: { errors: [{ message: 'refused', extensions: { code: 'CONFLICT', reason, ...(field ? { fieldErrors: [{ field, code: reason, message: 'refused' }] } : {}) } }] },
});
const badInput = (field: string, code: string): GraphqlAnswerLike => ({
  status: 400,
  body: { errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, code, message: 'bad' }] } }] },
});

describe('the interview forms: checked before any call', () => {
  it('refuses a booking without a time chosen (422), sending nothing', async () => {
    const { send, sent } = api();
    const outcome = await submitTalentInterviewForm(ID, formOf({ intent: 'book' }), send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, reason: 'slotMissing', intent: 'book', formError: own.errors.slotRequired });
    expect(sent).toEqual([]);
  });

  it('refuses a blank request for other times in the API’s words, the typed text kept', async () => {
    const { send, sent } = api();
    const outcome = await submitTalentInterviewForm(ID, formOf({ intent: 'otherTimes', note: '   ' }), send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, reason: 'noteInvalid', message: errors.noteRequired, fieldErrors: { note: errors.noteRequired }, values: { note: '   ' } });
    expect(sent).toEqual([]);
  });

  it('refuses a cancel reason over 1000 characters, keeping all of it', async () => {
    const long = 'x'.repeat(1001);
    const outcome = await submitTalentInterviewForm(ID, formOf({ intent: 'cancel', reason: long }), api().send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', reason: 'noteInvalid', fieldErrors: { reason: errors.noteTooLong }, values: { reason: long } });
  });

  it('answers 400 to a post that is not one of its forms', async () => {
    const outcome = await submitTalentInterviewForm(ID, formOf({ intent: 'delete' }), api().send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 400, reason: 'invalid', intent: null });
  });
});

describe('the interview forms: sent, and the API’s answer', () => {
  it('books the time chosen and lands with the booked notice', async () => {
    const { send, sent } = api();
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), send, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentInterviews.booked' });
    expect(sent[0]).toMatchObject({ operationName: 'BookMyInterview', variables: { id: ID, slotId: SLOT } });
  });

  it('sends the note and the reason trimmed, each with its own notice', async () => {
    const asking = api();
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'otherTimes', note: '  Mornings next week  ' }), asking.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentInterviews.otherTimesAsked' });
    expect(asking.sent[0]).toMatchObject({ operationName: 'AskOtherInterviewTimes', variables: { id: ID, note: 'Mornings next week' } });
    const cancelling = api();
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'cancel', reason: 'I took another offer' }), cancelling.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentInterviews.cancelled' });
    const moving = api();
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'reschedule', slotId: SLOT }), moving.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentInterviews.moved' });
    expect(moving.sent[0]).toMatchObject({ operationName: 'RescheduleMyInterview', variables: { id: ID, slotId: SLOT } });
  });

  it('says a time someone else booked first is taken (409), on the list of times, the choice kept', async () => {
    const outcome = await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), api(conflict('slotTaken', 'slotId')).send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 409, reason: 'refused', message: errors.slotTaken, fieldErrors: { slotId: errors.slotTaken }, values: { slotId: SLOT } });
  });

  it('words the reschedule cutoff and a cancel after the start in the API’s words (409), the reason kept', async () => {
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'reschedule', slotId: SLOT }), api(conflict('tooLate')).send, t)).toMatchObject({ status: 409, message: errors.tooLate });
    const cancel = await submitTalentInterviewForm(ID, formOf({ intent: 'cancel', reason: 'Ill' }), api(conflict('alreadyStarted')).send, t);
    expect(cancel).toMatchObject({ status: 409, message: errors.alreadyStarted, values: { reason: 'Ill' }, fieldErrors: {} });
  });

  it('shows a time refused as past on the list of times (422), and the note’s rule on the note', async () => {
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), api(badInput('slotId', 'slotInPast')).send, t)).toMatchObject({ status: 422, reason: 'refused', fieldErrors: { slotId: errors.slotInPast } });
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'otherTimes', note: 'Soon' }), api(badInput('note', 'controlCharacters')).send, t)).toMatchObject({ status: 422, reason: 'noteInvalid', fieldErrors: { note: errors.controlCharacters } });
  });

  it('answers 404 for an interview that is not hers, and never shows the API’s English for a failure', async () => {
    const notFound: GraphqlAnswerLike = { status: 200, body: { errors: [{ message: 'The interview was not found', extensions: { code: 'NOT_FOUND' } }] } };
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), api(notFound).send, t)).toMatchObject({ status: 404, reason: 'notFound' });
    const down: GraphqlAnswerLike = { status: 503, body: { errors: [{ message: 'The database is unavailable', extensions: { code: 'UNAVAILABLE' } }] } };
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), api(down).send, t)).toMatchObject({ status: 502, reason: 'failed', message: own.errors.failed });
    expect(await submitTalentInterviewForm(ID, formOf({ intent: 'book', slotId: SLOT }), api(conflict('somethingNew')).send, t)).toMatchObject({ status: 409, message: own.errors.failed });
  });
});

describe('times in the reader’s zone', () => {
  const slot = (id: string, startsAt: string, minutes = 45, taken = false) => ({ id, startsAt, endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(), taken });

  it('groups the times by her calendar day, not UTC’s: 23:30 UTC on Monday is Tuesday 01:30 in Paris', () => {
    const slots = [slot('b', '2026-06-01T23:30:00Z'), slot('a', '2026-06-01T08:00:00Z'), slot('c', '2026-06-02T07:00:00Z')];
    const paris = slotsByDay(slots, 'Europe/Paris', 'en');
    expect(paris.map((day) => [day.day, day.slots.map((entry) => `${entry.id} ${entry.clock.start}-${entry.clock.end}`)])).toEqual([
      ['2026-06-01', ['a 10:00-10:45']],
      ['2026-06-02', ['b 01:30-02:15', 'c 09:00-09:45']],
    ]);
    expect(paris[0]!.heading).toBe(formatDay('2026-06-01T08:00:00Z', 'Europe/Paris', 'en'));
    expect(slotsByDay(slots, 'UTC', 'en').map((day) => day.slots.map((entry) => entry.id))).toEqual([['a', 'b'], ['c']]);
  });

  it('offers to move only to the other free times to come: not the booked one, a taken one or a past one', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const slots = [slot('past', '2026-05-31T09:00:00Z'), slot('booked', '2026-06-02T09:00:00Z'), slot('taken', '2026-06-02T10:00:00Z', 45, true), slot('free', '2026-06-03T09:00:00Z')];
    expect(otherFreeSlots(slots, '2026-06-02T09:00:00.000Z', now).map((entry) => entry.id)).toEqual(['free']);
  });

  it('says the booked time in her zone, zone named, else how many times are left to choose', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const booked = interviewWhenText({ startsAt: '2026-06-02T08:00:00Z', offeredSlots: [] }, 'America/New_York', now, t, 'en');
    expect(booked).toBe(`${formatInterviewTime('2026-06-02T08:00:00Z', 'America/New_York', 'en')} (America/New_York)`);
    expect(booked).toContain('04:00');
    const offered = [slot('a', '2026-06-02T08:00:00Z'), slot('b', '2026-06-02T09:00:00Z', 45, true), slot('c', '2026-05-31T09:00:00Z')];
    expect(interviewWhenText({ startsAt: null, offeredSlots: offered }, 'UTC', now, t, 'en')).toBe('1 time to choose from');
    expect(interviewWhenText({ startsAt: null, offeredSlots: offered.slice(1) }, 'UTC', now, t, 'en')).toBe(own.list.noneFree);
  });

  it('keeps a zone chosen on the list in the link to an interview, and drops one that is no zone', () => {
    expect(talentInterviewHref(ID, new URL('https://x.test/talent/interviews?tz=Asia%2FTokyo'))).toBe(`/talent/interview?id=${ID}&tz=Asia%2FTokyo`);
    expect(talentInterviewHref(ID, new URL('https://x.test/talent/interviews?tz=Mars%2FOlympus'))).toBe(`/talent/interview?id=${ID}`);
  });

  it('offers UTC first, and the zone the times are in even when the runtime lists it under another name', () => {
    expect(timeZoneOptions('UTC')[0]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(timeZoneOptions('Europe/Paris').filter((option) => option.value === 'Europe/Paris')).toHaveLength(1);
    // An alias the runtime lists under its canonical name (which one depends on its ICU).
    const listed = new Set(timeZoneOptions('UTC').map((option) => option.value));
    const alias = ['US/Eastern', 'Asia/Calcutta', 'Etc/GMT+5'].find((zone) => !listed.has(zone))!;
    expect(timeZoneOptions(alias)[0]).toEqual({ value: alias, label: alias });
  });
});

describe('where the interview takes place', () => {
  it('links a video location only when it is a web address', () => {
    expect(videoHref('https://meet.example.test/abc')).toBe('https://meet.example.test/abc');
    expect(videoHref('  http://meet.example.test/x ')).toBe('http://meet.example.test/x');
    expect(videoHref('javascript:alert(1)')).toBeNull();
    expect(videoHref('Teams, link to follow')).toBeNull();
    expect(videoHref(null)).toBeNull();
  });

  it('dials a phone number by its digits', () => {
    expect(phoneHref('+33 1 23 45 67 89')).toBe('tel:+33123456789');
    expect(phoneHref('We will call you')).toBeNull();
  });
});
