import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { reasonStepAddress, startRefusalOf } from '../../../src/lib/impersonation/impersonation-pages';
import { IMPERSONATION_MAX_HOURS, isImpersonationOpen, startImpersonationSchema } from '../../../src/lib/impersonation/impersonation-rules';

// Accountable impersonation: nobody acts as someone without saying why, for at most a working day.
const issuesOf = (input: Record<string, unknown>) => {
  const parsed = startImpersonationSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('impersonation reason rule', () => {
  it('requires a reason of 10 to 500 characters, trimmed, counted as people count them', () => {
    expect(issuesOf({ externalId: 'u1', reason: '' })).toEqual(['reason:reasonRequired']);
    expect(issuesOf({ externalId: 'u1', reason: null })).toEqual(['reason:reasonRequired']);
    expect(issuesOf({ externalId: 'u1', reason: '   short   ' })).toEqual(['reason:reasonTooShort']);
    expect(issuesOf({ externalId: 'u1', reason: '🙂'.repeat(10) })).toEqual([]);
    expect(issuesOf({ externalId: 'u1', reason: 'x'.repeat(500) })).toEqual([]);
    expect(issuesOf({ externalId: 'u1', reason: 'x'.repeat(501) })).toEqual(['reason:reasonTooLong']);
    expect(startImpersonationSchema.parse({ externalId: ' u1 ', reason: '  Ticket 4711 check  ' })).toEqual({ externalId: 'u1', reason: 'Ticket 4711 check' });
  });

  it('keeps the reason on one line, without control characters', () => {
    expect(issuesOf({ externalId: 'u1', reason: 'Ticket 4711\ncheck it' })).toEqual(['reason:controlCharacters']);
    expect(issuesOf({ externalId: 'u1', reason: 'Ticket 4711\u0007 check' })).toEqual(['reason:controlCharacters']);
  });

  it('requires whom to act as', () => {
    expect(issuesOf({ externalId: '  ', reason: 'Ticket 4711 check' })).toEqual(['externalId:targetRequired']);
  });

  it('has a message for every code', () => {
    const t = getTranslator();
    for (const code of ['reasonRequired', 'reasonTooShort', 'reasonTooLong', 'controlCharacters', 'targetRequired', 'impersonationRefused', 'notImpersonating', 'failed']) {
      expect(t(`impersonation.errors.${code}`), code).not.toBe(`impersonation.errors.${code}`);
    }
  });
});

describe('impersonation time limit rule', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('an impersonation is open until stopped, for at most 8 hours', () => {
    expect(IMPERSONATION_MAX_HOURS).toBe(8);
    expect(isImpersonationOpen({ startedAt: hoursAgo(1), endedAt: null }, now)).toBe(true);
    expect(isImpersonationOpen({ startedAt: hoursAgo(7.99), endedAt: null }, now)).toBe(true);
    expect(isImpersonationOpen({ startedAt: hoursAgo(8), endedAt: null }, now)).toBe(false);
    expect(isImpersonationOpen({ startedAt: hoursAgo(1), endedAt: hoursAgo(0.5) }, now)).toBe(false);
  });
});

describe('impersonation start page', () => {
  const t = getTranslator();

  it('shows a field code beside the reason and any other refusal above the form, never the English of the API', () => {
    const field = startRefusalOf([{ message: 'x', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'reason', code: 'reasonTooShort', message: 'x' }] } }], t);
    expect(field).toEqual({ fieldErrors: { reason: t('impersonation.errors.reasonTooShort') }, formError: null });
    const refused = startRefusalOf([{ message: 'This user cannot be impersonated', extensions: { code: 'FORBIDDEN', reason: 'impersonationRefused' } }], t);
    expect(refused).toEqual({ fieldErrors: {}, formError: t('impersonation.errors.impersonationRefused') });
    expect(startRefusalOf([{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }], t).formError).toBe(t('impersonation.errors.failed'));
  });

  it('the reason step keeps the search in its address', () => {
    expect(reasonStepAddress('/impersonate', 'ali ce', 'ext-1')).toBe('/impersonate?q=ali+ce&as=ext-1');
  });
});
