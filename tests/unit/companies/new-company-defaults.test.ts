import { describe, expect, it } from 'vitest';
import { DEFAULT_HIRING_STEPS } from '../../../src/lib/companies/hiring-steps';
import { OWNER_ROLE } from '../../../src/lib/companies/company-roles';
import { newCompanyDefaults } from '../../../src/lib/companies/new-company-defaults';
import { DEFAULT_REJECTION_REASONS } from '../../../src/lib/job-applications/rejection-reasons';

describe('new company defaults', () => {
  it('in English are the steps, reasons and owner role the demo companies have', () => {
    const english = newCompanyDefaults('en');
    expect(english.ownerRole).toBe(OWNER_ROLE);
    expect(english.hiringSteps).toEqual(DEFAULT_HIRING_STEPS.map(({ stepName, stepDescription, group, talentStatus }) => ({ stepName, stepDescription, group, talentStatus })));
    expect(english.rejectionReasons).toEqual(DEFAULT_REJECTION_REASONS.map(({ kind, label }) => ({ kind, label })));
  });

  it('in French are worded in French, with the same groups, talent statuses and kinds', () => {
    const french = newCompanyDefaults('fr');
    const english = newCompanyDefaults('en');
    expect(french.ownerRole).toBe('Propriétaire');
    expect(french.hiringSteps.map((step) => [step.group, step.talentStatus])).toEqual(english.hiringSteps.map((step) => [step.group, step.talentStatus]));
    expect(french.hiringSteps.every((step, index) => step.stepName !== english.hiringSteps[index]!.stepName)).toBe(true);
    expect(french.rejectionReasons.map((reason) => reason.kind)).toEqual(english.rejectionReasons.map((reason) => reason.kind));
    expect(new Set(french.hiringSteps.map((step) => step.stepName)).size).toBe(french.hiringSteps.length);
  });
});
