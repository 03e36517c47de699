import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { todayIso } from '../../../lib/assignments/assignment-status';
import { isUuid } from '../../../lib/ids';
import { billing, company, companyOnProviderCompany, invoice, jobAssignment, jobDescription, talentBalanceTransaction, talentProfile } from '../../db/schema';
import type { Writer } from '../../db/client';
import { notFound } from '../errors';
import { selectAssignmentsWith, toView, type AssignmentView, type CompanyView } from './assignment-rows';

// The company side of job assignments (the jobAssignment table): the assignments a company
// takes part in as client, provider or sales company, read and written under its
// jobAssignment permission. Every id is resolved inside the tp-company company: an
// assignment it takes no part in is NOT_FOUND like an unknown one, and the job description,
// talent and companies of a write must be ones it may name (company-assignment-checks.ts).
// The talent reads the same rows on /talent/assignments (assignment-queries.ts).
//
// This file reads them: the talent's columns added to the shared assignment query
// (assignment-rows.ts), the company's own ones, its partners, and its money rows.

export type Reader = Pick<Writer, 'select'>;

const companySideColumns = {
  talentProfileId: talentProfile.id,
  talentName: talentProfile.profileName,
  talentJobTitle: talentProfile.jobTitle,
  // The company whose job description the role is, while it is not removed (roleIsOwn).
  roleCompanyId: sql<string | null>`case when ${jobDescription.deletedAt} is null then ${jobDescription.companyId} end`,
};

export interface TalentView {
  id: string;
  profileName: string | null;
  jobTitle: string | null;
}

export interface CompanyAssignmentView extends AssignmentView {
  talent: TalentView;
  /** The company whose live job description the role is; null when removed or none. */
  roleCompanyId: string | null;
}

/** Assignments with their role, companies and talent. */
export const selectCompanyAssignments = (db: Reader) =>
  selectAssignmentsWith(db, companySideColumns).innerJoin(talentProfile, eq(talentProfile.id, jobAssignment.talentProfileId));

/** Live assignments the company takes part in: as client, provider or sales company. */
export const ofCompany = (companyId: string) =>
  and(
    isNull(jobAssignment.deletedAt),
    or(eq(jobAssignment.clientCompanyId, companyId), eq(jobAssignment.providerCompanyId, companyId), eq(jobAssignment.salesCompanyId, companyId)),
  )!;

export function toCompanyView(row: Awaited<ReturnType<ReturnType<typeof selectCompanyAssignments>['execute']>>[number], today: string): CompanyAssignmentView {
  return { ...toView(row, today), talent: { id: row.talentProfileId, profileName: row.talentName, jobTitle: row.talentJobTitle }, roleCompanyId: row.roleCompanyId };
}

export async function loadOwn(db: Reader, companyId: string, id: string): Promise<CompanyAssignmentView> {
  if (!isUuid(id)) throw notFound('The assignment');
  const [row] = await selectCompanyAssignments(db).where(and(eq(jobAssignment.id, id), ofCompany(companyId))).limit(1);
  if (!row) throw notFound('The assignment');
  return toCompanyView(row, todayIso());
}

/** The assignment's own row, locked for the write, with its talent's user (whom the event is addressed to). */
export async function lockedOwn(tx: Writer, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound('The assignment');
  const [row] = await tx
    .select({ row: jobAssignment, talentUserId: talentProfile.userId })
    .from(jobAssignment)
    .innerJoin(talentProfile, eq(talentProfile.id, jobAssignment.talentProfileId))
    .where(and(eq(jobAssignment.id, id), ofCompany(companyId)))
    .limit(1)
    .for('update', { of: jobAssignment });
  if (!row) throw notFound('The assignment');
  return row;
}

/** The companies linked to `self` (companyOnProviderCompany: accepted by both sides, not deleted), by name. */
export async function partnersOf(db: Reader, self: string): Promise<{ clients: CompanyView[]; providers: CompanyView[] }> {
  const link = companyOnProviderCompany;
  const rows = await db
    .select({ id: company.id, name: company.name, isClient: sql<boolean>`${link.providerCompanyId} = ${self}` })
    .from(link)
    .innerJoin(company, or(and(eq(link.providerCompanyId, self), eq(company.id, link.companyId)), and(eq(link.companyId, self), eq(company.id, link.providerCompanyId))))
    .where(and(isNull(company.deletedAt), eq(link.status, 'accepted')))
    .orderBy(asc(company.name), asc(company.id));
  const named = (isClient: boolean) => rows.filter((row) => Boolean(row.isClient) === isClient).map(({ id, name }) => ({ id, name }));
  return { clients: named(true), providers: named(false) };
}

/** Whether money rows (billings, invoices, balance transactions) point at the assignment: they are history, so it stays. */
export async function hasMoneyRows(db: Reader, id: string): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (${db.select({ one: sql`1` }).from(billing).where(and(eq(billing.jobAssignmentId, id), isNull(billing.deletedAt)))})
        or exists (${db.select({ one: sql`1` }).from(invoice).where(and(eq(invoice.jobAssignmentId, id), isNull(invoice.deletedAt)))})
        or exists (${db.select({ one: sql`1` }).from(talentBalanceTransaction).where(eq(talentBalanceTransaction.jobAssignmentId, id))})`,
    })
    .from(sql`(select 1) as money`);
  return Boolean(row?.found);
}
