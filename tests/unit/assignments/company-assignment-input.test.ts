import { describe, expect, it } from 'vitest';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { jobAssignmentSchema, newJobAssignmentSchema } from '../../../src/lib/assignments/company-assignment-input';

// The input rules of a company's job assignment: codes per field, the talent
// side's limits and date order, ISO 4217 currency, ids in lower case.
const ROLE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const TALENT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const valid = { jobDescriptionId: ROLE, currency: 'EUR', startDate: '2026-04-01' };

const codesOf = (result: ReturnType<typeof jobAssignmentSchema.safeParse>) => (result.success ? [] : zodIssues(result.error).map((issue) => `${issue.path}:${issue.code}`));

describe('company job assignment input', () => {
  it('reads a form: trimmed text, blanks as none, a ticked box, an en-GB day typed by hand, ids in lower case', () => {
    const result = newJobAssignmentSchema.safeParse({
      talentProfileId: TALENT.toUpperCase(),
      ...valid,
      jobDescriptionId: ROLE.toUpperCase(),
      clientCompanyId: '',
      currency: ' gbp ',
      endDate: '30/9/2026',
      team: '  Payments ',
      costCenter: '  ',
      talentNote: 'Hours\nmonthly',
      clientPricesIsVisibleToTalent: 'on',
    });
    expect(result.success && result.data).toEqual({
      talentProfileId: TALENT,
      jobDescriptionId: ROLE,
      clientCompanyId: null,
      providerCompanyId: null,
      salesCompanyId: null,
      currency: 'GBP',
      startDate: '2026-04-01',
      endDate: '2026-09-30',
      team: 'Payments',
      costCenter: null,
      talentNote: 'Hours\nmonthly',
      clientPricesIsVisibleToTalent: true,
    });
  });

  it('requires the talent, the job description, the currency and the start date, each with its code', () => {
    expect(codesOf(newJobAssignmentSchema.safeParse({}))).toEqual(
      expect.arrayContaining(['talentProfileId:talentRequired', 'jobDescriptionId:jobDescriptionRequired', 'currency:currencyRequired', 'startDate:startRequired']),
    );
    expect(codesOf(jobAssignmentSchema.safeParse({ ...valid, currency: 'EUO' }))).toEqual(['currency:currencyUnknown']);
  });

  it('answers a code for ids that cannot be ours, days out of range and text over the talent side limits', () => {
    const codes = codesOf(
      newJobAssignmentSchema.safeParse({
        ...valid,
        talentProfileId: "' or 1=1 --",
        jobDescriptionId: '42',
        clientCompanyId: 'x',
        providerCompanyId: 'y',
        salesCompanyId: 'z',
        startDate: '2026-02-30',
        endDate: '2100-01-01',
        team: 'x'.repeat(201),
        talentNote: 'x'.repeat(5001),
      }),
    );
    expect(codes.sort()).toEqual(
      [
        'talentProfileId:talentUnknown',
        'jobDescriptionId:jobDescriptionUnknown',
        'clientCompanyId:clientCompanyUnknown',
        'providerCompanyId:providerCompanyUnknown',
        'salesCompanyId:salesCompanyUnknown',
        'startDate:date',
        'endDate:date',
        'team:tooLong',
        'talentNote:tooLong',
      ].sort(),
    );
  });

  it('lets the end day equal the start day, never precede it', () => {
    expect(jobAssignmentSchema.safeParse({ ...valid, endDate: '2026-04-01' }).success).toBe(true);
    expect(codesOf(jobAssignmentSchema.safeParse({ ...valid, endDate: '2026-03-31' }))).toEqual(['endDate:endBeforeStart']);
  });

  it('says the date order together with the other fields, and only between two real days', () => {
    expect(codesOf(jobAssignmentSchema.safeParse({ ...valid, currency: '', endDate: '2026-03-31' })).sort()).toEqual(['currency:currencyRequired', 'endDate:endBeforeStart']);
    expect(codesOf(jobAssignmentSchema.safeParse({ ...valid, startDate: '2026-13-01', endDate: '2026-03-31' }))).toEqual(['startDate:date']);
    expect(codesOf(jobAssignmentSchema.safeParse('not a form'))).toHaveLength(1);
  });

  it('has no talent on an edit: the talent stays the assignment\'s', () => {
    const result = jobAssignmentSchema.safeParse({ ...valid, talentProfileId: TALENT });
    expect(result.success && 'talentProfileId' in result.data).toBe(false);
  });
});
