import { describe, expect, it } from 'vitest';
import { readAdminJobAdFilters } from '../../../src/lib/admin/admin-job-ad-pages';
import { readAdminJobApplicationFilters } from '../../../src/lib/admin/admin-job-application-pages';
import { REJECTION_REASON_MAX } from '../../../src/lib/forms/field-rules';
import {
  ADMIN_JOB_AD_STATES,
  adminJobAdState,
  companyMayWrite,
  jobAdModerationActions,
  jobAdModerationMove,
  moderateJobAdSchema,
  moderationAfterCompanyWrite,
  shownJobAdStatus,
} from '../../../src/lib/job-ads/job-ad-moderation';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const ad = (overrides: Partial<Parameters<typeof adminJobAdState>[0]> = {}) => ({
  publishedAt: new Date(NOW.getTime() - DAY),
  publishedUntil: new Date(NOW.getTime() + 10 * DAY),
  moderation: null,
  deletedAt: null,
  ...overrides,
});
const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

describe('job ad moderation', () => {
  it('an ad stands where its window puts it, unless an admin unpublished or removed it or its company deleted it', () => {
    expect(adminJobAdState(ad(), NOW)).toBe('PUBLISHED');
    expect(adminJobAdState(ad({ publishedAt: new Date(NOW.getTime() + DAY) }), NOW)).toBe('SCHEDULED');
    expect(adminJobAdState(ad({ publishedAt: null }), NOW)).toBe('DRAFT');
    expect(adminJobAdState(ad({ publishedUntil: new Date(NOW.getTime() - 1) }), NOW)).toBe('CLOSED');
    expect(adminJobAdState(ad({ publishedAt: null, moderation: 'unpublished' }), NOW)).toBe('UNPUBLISHED');
    expect(adminJobAdState(ad({ publishedAt: null, moderation: 'removed' }), NOW)).toBe('REMOVED');
    // Deleted by its company wins: the company no longer has it at all.
    expect(adminJobAdState(ad({ moderation: 'removed', deletedAt: NOW }), NOW)).toBe('DELETED');
  });

  it('an admin unpublishes what the public sees or will see, and removes any ad its company still has', () => {
    expect(jobAdModerationActions('PUBLISHED')).toEqual(['unpublish', 'remove']);
    expect(jobAdModerationActions('SCHEDULED')).toEqual(['unpublish', 'remove']);
    for (const state of ['DRAFT', 'CLOSED', 'UNPUBLISHED'] as const) expect(jobAdModerationActions(state), state).toEqual(['remove']);
  });

  it('a removal is final and a deleted ad is out of reach: nothing more is done with either', () => {
    expect(jobAdModerationActions('REMOVED')).toEqual([]);
    expect(jobAdModerationActions('DELETED')).toEqual([]);
    expect(jobAdModerationMove('REMOVED', 'remove')).toEqual({ ok: false, reason: 'jobAdRemoved' });
    expect(jobAdModerationMove('DELETED', 'unpublish')).toEqual({ ok: false, reason: 'jobAdDeleted' });
  });

  it('unpublishing an ad nobody sees is refused as not public; every state has its answer', () => {
    expect(jobAdModerationMove('DRAFT', 'unpublish')).toEqual({ ok: false, reason: 'jobAdNotPublic' });
    expect(jobAdModerationMove('UNPUBLISHED', 'unpublish')).toEqual({ ok: false, reason: 'jobAdNotPublic' });
    expect(jobAdModerationMove('PUBLISHED', 'unpublish')).toEqual({ ok: true, to: 'unpublished' });
    expect(jobAdModerationMove('UNPUBLISHED', 'remove')).toEqual({ ok: true, to: 'removed' });
    for (const state of ADMIN_JOB_AD_STATES) expect(Array.isArray(jobAdModerationActions(state)), state).toBe(true);
  });

  it('a moderation needs a reason its company reads: trimmed, at most 1,000 characters', () => {
    expect(moderateJobAdSchema.parse({ reason: '  The salary is missing.\nAdd it. ' }).reason).toBe('The salary is missing.\nAdd it.');
    expect(issues(moderateJobAdSchema.safeParse({ reason: ' ' }))).toEqual(['moderationReasonRequired']);
    expect(issues(moderateJobAdSchema.safeParse({ reason: 'x'.repeat(REJECTION_REASON_MAX + 1) }))).toEqual(['reasonTooLong']);
    expect(issues(moderateJobAdSchema.safeParse({ reason: 'bad\u0007' }))).toEqual(['controlCharacters']);
  });

  it('a removed ad is final for its company, which may only delete it; an unpublished one is fixed and published again', () => {
    for (const write of ['update', 'publish', 'unpublish', 'duplicate'] as const) expect(companyMayWrite('removed', write), write).toBe(false);
    expect(companyMayWrite('removed', 'delete')).toBe(true);
    for (const write of ['update', 'publish', 'unpublish', 'duplicate', 'delete'] as const) {
      expect(companyMayWrite('unpublished', write), write).toBe(true);
      expect(companyMayWrite(null, write), write).toBe(true);
    }
  });

  it('publishing again clears the unpublished notice; a draft being fixed keeps it, and a removal never goes', () => {
    expect(moderationAfterCompanyWrite('unpublished', NOW)).toBeNull();
    expect(moderationAfterCompanyWrite('unpublished', new Date(NOW.getTime() + DAY).toISOString())).toBeNull();
    expect(moderationAfterCompanyWrite('unpublished', null)).toBe('unpublished');
    expect(moderationAfterCompanyWrite('removed', NOW)).toBe('removed');
    expect(moderationAfterCompanyWrite(null, NOW)).toBeNull();
  });

  it("a company's pages show a moderated ad by its moderation, not as a draft", () => {
    expect(shownJobAdStatus({ status: 'DRAFT', moderation: { moderation: 'unpublished' } })).toBe('UNPUBLISHED');
    expect(shownJobAdStatus({ status: 'DRAFT', moderation: { moderation: 'removed' } })).toBe('REMOVED');
    expect(shownJobAdStatus({ status: 'PUBLISHED', moderation: null })).toBe('PUBLISHED');
  });

  it('the admin lists read their filters from the address; anything unknown is no filter', () => {
    expect(readAdminJobAdFilters(new URL('https://x.test/admin/job-ads?q=+walrus+&state=REMOVED'))).toEqual({ q: 'walrus', state: 'REMOVED' });
    expect(readAdminJobAdFilters(new URL('https://x.test/admin/job-ads?state=removed'))).toEqual({ q: '', state: null });
    expect(readAdminJobApplicationFilters(new URL('https://x.test/admin/job-applications?q=ana&company=North&job=Dev&group=HIRED'))).toEqual({ q: 'ana', company: 'North', job: 'Dev', group: 'HIRED' });
    expect(readAdminJobApplicationFilters(new URL(`https://x.test/admin/job-applications?group=nope&q=${'x'.repeat(300)}`))).toEqual({ q: 'x'.repeat(200), company: '', job: '', group: null });
  });
});
