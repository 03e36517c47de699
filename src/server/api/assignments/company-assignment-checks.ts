import { and, eq, isNull } from 'drizzle-orm';
import { COMPANY_ASSIGNMENT_ERRORS, partyIssues, type JobAssignmentValues } from '../../../lib/assignments/company-assignment-input';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { jobAssignment, jobDescription, talentProfile } from '../../db/schema';
import { invalidFields } from '../errors';
import { linkedToCompany } from '../job-applications/talent-link';
import type { CompanyView } from './assignment-rows';
import { partnersOf, type Reader } from './company-assignment-rows';

// What a company may name on an assignment it writes: a talent linked to it, one of its
// job descriptions, and itself or its partners as the parties (the rules of
// lib/assignments/company-assignment-input.ts, checked against the database here).

const ids = (companies: readonly CompanyView[]) => companies.map((each) => each.id);

/** The talent placed, if the company may name them: on its roster or holding one of its applications. */
export async function nameableTalent(db: Reader, companyId: string, talentProfileId: string): Promise<{ userId: string | null } | null> {
  const [talent] = await db
    .select({ userId: talentProfile.userId })
    .from(talentProfile)
    .where(and(eq(talentProfile.id, talentProfileId), isNull(talentProfile.deletedAt), linkedToCompany(db, companyId)))
    .limit(1);
  return talent ?? null;
}

/**
 * The columns a checked input writes, or BAD_USER_INPUT with every field the company may not
 * name. An edit (`current`) may keep the job description and companies the assignment has,
 * e.g. a client's description on an assignment its provider edits.
 */
export async function checkedColumns(db: Reader, companyId: string, values: JobAssignmentValues, extraIssues: FieldIssue[], current: typeof jobAssignment.$inferSelect | null) {
  const issues = [...extraIssues];
  const keptRole = current !== null && current.jobDescriptionId === values.jobDescriptionId;
  const [role] = await db
    .select({ clientCompanyId: jobDescription.clientCompanyId })
    .from(jobDescription)
    .where(and(eq(jobDescription.id, values.jobDescriptionId), keptRole ? undefined : and(eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt))))
    .limit(1);
  if (!role) issues.push({ path: 'jobDescriptionId', code: 'jobDescriptionUnknown' });
  else if (values.clientCompanyId !== null && values.clientCompanyId !== role.clientCompanyId && !(keptRole && values.clientCompanyId === current.clientCompanyId)) {
    issues.push({ path: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' });
  }
  // Left empty, the client is the job description's.
  const parties = {
    clientCompanyId: values.clientCompanyId ?? role?.clientCompanyId ?? null,
    providerCompanyId: values.providerCompanyId,
    salesCompanyId: values.salesCompanyId,
  };
  const partners = await partnersOf(db, companyId);
  // Whether the company takes a part is only worth saying once the rest is right.
  const partyProblems = partyIssues(parties, companyId, { clients: ids(partners.clients), providers: ids(partners.providers) }, current);
  issues.push(...partyProblems.filter((issue) => issue.code !== 'companyNotInvolved' || issues.length === 0));
  if (issues.length) throw invalidFields(issues, COMPANY_ASSIGNMENT_ERRORS);
  return {
    jobDescriptionId: values.jobDescriptionId,
    ...parties,
    assignmentCurrency: values.currency,
    startDate: values.startDate,
    endDate: values.endDate,
    team: values.team ?? null,
    costCenter: values.costCenter ?? null,
    talentNote: values.talentNote ?? null,
    clientPricesIsVisibleToTalent: values.clientPricesIsVisibleToTalent,
  };
}
