import { z } from 'zod';
import { currencyCode } from '../forms/field-rules';
import type { FieldIssue } from '../forms/form-outcome';
import { checkbox, optionalId, requiredId } from '../forms/form-values';
import { alongOtherIssues, assignmentTexts, checkDateOrder, typedDay } from './assignment-input';

// The rules of a job assignment a company writes (the jobAssignment entity), shared
// by the /company/talent-assignment-* pages and the API. The talent side's limits, day and
// date order (assignment-input.ts) hold here too; every message is an issue code worded in
// `companyAssignments.errors.<code>`. A write sends the whole record: the form always
// shows every field. Which ids the company may name only the API can tell (the parties
// rule below decides it from the company's links).

export const COMPANY_ASSIGNMENT_ERRORS = 'companyAssignments.errors';

/** ISO 4217 through the product's one currency rule; an assignment always has one. */
const currency = currencyCode.transform((value, ctx) => {
  if (!value) ctx.addIssue({ code: 'custom', message: 'currencyRequired' });
  return value ?? '';
});

const fields = {
  jobDescriptionId: requiredId({ required: 'jobDescriptionRequired', unknown: 'jobDescriptionUnknown' }),
  clientCompanyId: optionalId('clientCompanyUnknown'),
  providerCompanyId: optionalId('providerCompanyUnknown'),
  salesCompanyId: optionalId('salesCompanyUnknown'),
  currency,
  // A picker's yyyy-mm-dd, or en-GB typed by hand; within the picker's range.
  startDate: typedDay(true),
  endDate: typedDay(false),
  ...assignmentTexts,
  clientPricesIsVisibleToTalent: checkbox,
};

/** An edit: every field but the talent, who stays the assignment's talent. */
export const jobAssignmentSchema = z.object(fields).superRefine(checkDateOrder, alongOtherIssues);

/** A new assignment: the fields and the talent placed. */
export const newJobAssignmentSchema = z
  .object({ talentProfileId: requiredId({ required: 'talentRequired', unknown: 'talentUnknown' }), ...fields })
  .superRefine(checkDateOrder, alongOtherIssues);

export type JobAssignmentValues = z.output<typeof jobAssignmentSchema>;
export type NewJobAssignmentValues = z.output<typeof newJobAssignmentSchema>;

/** The three companies of an assignment (null: none). */
export interface AssignmentParties {
  clientCompanyId: string | null;
  providerCompanyId: string | null;
  salesCompanyId: string | null;
}

/** The companies linked to the writer through companyOnProviderCompany. */
export interface CompanyPartners {
  /** Companies the writer provides talents to. */
  clients: readonly string[];
  /** Companies that provide talents to the writer. */
  providers: readonly string[];
}

export interface PartyChoices {
  client: string[];
  provider: string[];
  sales: string[];
}

/**
 * Which companies may take each part of an assignment the company `self` writes: the client
 * is `self` or a company it provides talents to (the job-client rule of job descriptions),
 * the provider `self` or a company providing talents to it, and the sales company `self` or
 * either kind of partner. No other company can be named, so an id from elsewhere is never used.
 */
export function partyChoices(self: string, partners: CompanyPartners): PartyChoices {
  const unique = (ids: readonly string[]) => [...new Set([self, ...ids])];
  return { client: unique(partners.clients), provider: unique(partners.providers), sales: unique([...partners.clients, ...partners.providers]) };
}

/** An assignment belongs to a company when it is its sales, provider or client company. */
export function involvesCompany(parties: AssignmentParties, company: string): boolean {
  return parties.clientCompanyId === company || parties.providerCompanyId === company || parties.salesCompanyId === company;
}

/**
 * What is wrong with the parties of an assignment `self` writes: a company it may not name
 * for that part (`<part>CompanyUnknown`), else `companyNotInvolved` when `self` would take no
 * part at all (it could then neither read nor change what it wrote). An edit may keep the
 * company a part already has (`kept`), even one it could not name today.
 */
export function partyIssues(parties: AssignmentParties, self: string, partners: CompanyPartners, kept: AssignmentParties | null = null): FieldIssue[] {
  const choices = partyChoices(self, partners);
  const issues: FieldIssue[] = [];
  const check = (id: string | null, allowed: readonly string[], path: keyof AssignmentParties, code: string) => {
    if (id !== null && id !== kept?.[path] && !allowed.includes(id)) issues.push({ path, code });
  };
  check(parties.clientCompanyId, choices.client, 'clientCompanyId', 'clientCompanyUnknown');
  check(parties.providerCompanyId, choices.provider, 'providerCompanyId', 'providerCompanyUnknown');
  check(parties.salesCompanyId, choices.sales, 'salesCompanyId', 'salesCompanyUnknown');
  if (issues.length === 0 && !involvesCompany(parties, self)) issues.push({ path: 'clientCompanyId', code: 'companyNotInvolved' });
  return issues;
}
