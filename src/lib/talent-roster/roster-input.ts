import { z } from 'zod';
import { currencyCode, optionalText, emailAddress } from '../forms/field-rules';
import { optionalId } from '../forms/form-values';
import { EMPLOYMENT_TYPES, type EmploymentTypeValue } from '../job-ads/job-enums';

// The rules of a roster entry (the companyTalentRoster entity), shared by the
// /company/talent-roster pages and the API. Every message is an issue code, worded in
// `talentRoster.errors.<code>`.

export const TALENT_ROSTER_ERRORS = 'talentRoster.errors';
export const EMPLOYEE_NUMBER_MAX = 50;

/** freelancer or employee; blank is "not said" (null); anything else `employmentTypeUnknown`. */
const employmentType = z
  .string()
  .nullish()
  .transform((raw, ctx): EmploymentTypeValue | null => {
    const value = (raw ?? '').trim();
    if (value === '') return null;
    if (!(EMPLOYMENT_TYPES as readonly string[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: 'employmentTypeUnknown' });
      return null;
    }
    return value as EmploymentTypeValue;
  });

/** The balance's currency: required on a new entry (a ledger needs one). */
const requiredCurrency = currencyCode.transform((value, ctx) => {
  if (!value) ctx.addIssue({ code: 'custom', message: 'currencyRequired' });
  return value ?? '';
});

const entryFields = {
  employmentType,
  employeeNumber: optionalText(EMPLOYEE_NUMBER_MAX).transform((value) => value ?? null),
  /** A member of the company (their user id); blank is no manager. The API checks membership. */
  managerId: optionalId('managerUnknown'),
};

/**
 * Adding a talent: one of the talents the company knows (an applicant, an invited talent
 * who applied, one on its assignments) by profile id, or any talent by the confirmed
 * address of their account; exactly one of the two. Either way it is a request the talent
 * answers (roster-consent.ts).
 */
export const rosterCreateSchema = z
  .object({
    talentProfileId: optionalId('talentUnknown'),
    email: z
      .string()
      .nullish()
      .transform((raw) => (raw ?? '').trim() || null),
    ...entryFields,
    currency: requiredCurrency,
  })
  .transform((values, ctx) => {
    if (values.talentProfileId && values.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'talentChooseOne' });
    else if (!values.talentProfileId && !values.email) ctx.addIssue({ code: 'custom', path: ['talentProfileId'], message: 'talentRequired' });
    else if (values.email && !emailAddress.safeParse(values.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailInvalid' });
    return values;
  });

/**
 * Editing an entry: the whole record; a currency left out keeps the stored one (the form
 * does not offer it once the ledger has entries, and the API refuses a change then).
 */
export const rosterUpdateSchema = z.object({
  ...entryFields,
  currency: currencyCode.transform((value) => value ?? null),
});

export type RosterCreateValues = z.output<typeof rosterCreateSchema>;
export type RosterUpdateValues = z.output<typeof rosterUpdateSchema>;
