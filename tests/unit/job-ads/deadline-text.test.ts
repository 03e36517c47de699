import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { deadlineText } from '../../../src/lib/job-ads/deadline-text';

const now = new Date('2026-11-22T10:00:00Z');

describe('job ad deadline text (tomorrow, in N day, in N days)', () => {
  it('is null without a deadline', () => {
    expect(deadlineText(null, now)).toBeNull();
  });

  it('is null once the deadline has passed, or is now', () => {
    expect(deadlineText(new Date('2026-11-22T09:59:59Z'), now)).toBeNull();
    expect(deadlineText(new Date('2026-11-01T00:00:00Z'), now)).toBeNull();
    expect(deadlineText(now, now)).toBeNull();
  });

  it('says today for a deadline later on the same UTC day', () => {
    expect(deadlineText(new Date('2026-11-22T23:59:59Z'), now)).toEqual({ key: 'deadline.today' });
  });

  it('says tomorrow for a deadline on the next UTC calendar day, whatever the hour', () => {
    expect(deadlineText(new Date('2026-11-23T00:00:00Z'), now)).toEqual({ key: 'deadline.tomorrow' });
    expect(deadlineText(new Date('2026-11-23T23:59:59Z'), new Date('2026-11-22T23:59:59Z'))).toEqual({ key: 'deadline.tomorrow' });
  });

  it('counts calendar days from two days on', () => {
    expect(deadlineText(new Date('2026-11-24T00:30:00Z'), now)).toEqual({ key: 'deadline.inDays', count: 2 });
    expect(deadlineText(new Date('2026-12-22T10:00:00Z'), now)).toEqual({ key: 'deadline.inDays', count: 30 });
  });

  it('counts in UTC across a daylight-saving change', () => {
    expect(deadlineText(new Date('2026-03-30T12:00:00Z'), new Date('2026-03-28T12:00:00Z'))).toEqual({ key: 'deadline.inDays', count: 2 });
  });

  it('accepts an ISO string as the API sends it, and ignores one that is not a date', () => {
    expect(deadlineText('2026-11-25T08:00:00.000Z', now)).toEqual({ key: 'deadline.inDays', count: 3 });
    expect(deadlineText('not a date', now)).toBeNull();
  });

  it('renders through the jobs namespace with i18next plurals', () => {
    const t = getTranslator(['jobs']);
    const render = (until: string) => {
      const text = deadlineText(until, now)!;
      return t(text.key, text.count === undefined ? {} : { count: text.count });
    };
    expect(render('2026-11-22T18:00:00Z')).toBe('today');
    expect(render('2026-11-23T18:00:00Z')).toBe('tomorrow');
    expect(render('2026-11-25T18:00:00Z')).toBe('in 3 days');
    expect(t('deadline.inDays', { count: 1 })).toBe('in 1 day');
  });
});
