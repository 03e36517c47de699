import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISH_DAYS, jobAdStatus, publishWindowFrom, publishWindowIssues } from '../../../src/lib/job-ads/job-ad-status';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('job ad status: from the publish window alone', () => {
  it('a draft was never put up, or was taken down', () => {
    expect(jobAdStatus({ publishedAt: null, publishedUntil: null }, NOW)).toBe('DRAFT');
    expect(jobAdStatus({ publishedAt: null, publishedUntil: at(-1) }, NOW)).toBe('DRAFT');
  });
  it('a scheduled ad goes up later by itself', () => {
    expect(jobAdStatus({ publishedAt: at(2), publishedUntil: at(10) }, NOW)).toBe('SCHEDULED');
  });
  it('a published ad is up and before its deadline', () => {
    expect(jobAdStatus({ publishedAt: at(-2), publishedUntil: at(10) }, NOW)).toBe('PUBLISHED');
    expect(jobAdStatus({ publishedAt: at(-2).toISOString(), publishedUntil: null }, NOW)).toBe('PUBLISHED');
  });
  it('an ad past its deadline is closed, from the deadline on', () => {
    expect(jobAdStatus({ publishedAt: at(-20), publishedUntil: NOW }, NOW)).toBe('CLOSED');
  });
});

describe('publish now: a fresh window when none is ahead', () => {
  it('keeps a deadline that is still ahead', () => {
    expect(publishWindowFrom({ publishedAt: null, publishedUntil: at(5) }, NOW)).toEqual({ publishedAt: NOW, publishedUntil: at(5) });
  });
  it(`opens ${DEFAULT_PUBLISH_DAYS} days when there is no deadline or it has passed (republishing a closed ad)`, () => {
    expect(publishWindowFrom({ publishedAt: null, publishedUntil: null }, NOW)).toEqual({ publishedAt: NOW, publishedUntil: at(30) });
    expect(publishWindowFrom({ publishedAt: at(-40), publishedUntil: at(-10) }, NOW)).toEqual({ publishedAt: NOW, publishedUntil: at(30) });
  });
});

describe('publish window rules: in order, ahead, at most a year', () => {
  it('the deadline comes after the start', () => {
    expect(publishWindowIssues({ publishedAt: at(5), publishedUntil: at(5) }, NOW)).toEqual([{ path: 'publishedUntil', code: 'publishWindowOrder' }]);
  });
  it('the deadline is not already past', () => {
    expect(publishWindowIssues({ publishedAt: null, publishedUntil: at(-1) }, NOW)).toEqual([{ path: 'publishedUntil', code: 'publishedUntilPast' }]);
  });
  it('the window is at most a year, counted from the later of now and the start', () => {
    expect(publishWindowIssues({ publishedAt: null, publishedUntil: at(366) }, NOW)).toEqual([{ path: 'publishedUntil', code: 'publishWindowTooLong' }]);
    expect(publishWindowIssues({ publishedAt: at(100), publishedUntil: at(400) }, NOW)).toEqual([]);
  });
  it('no deadline is always fine; the start may be in the future', () => {
    expect(publishWindowIssues({ publishedAt: at(3), publishedUntil: null }, NOW)).toEqual([]);
  });
});
