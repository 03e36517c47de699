import { and, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { assignmentStatus, todayIso, type AssignmentStatus } from '../../../lib/assignments/assignment-status';
import { clientAmountForTalent } from '../../../lib/assignments/client-prices';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { AppDatabase } from '../../db/client';
import { billing, company, jobAssignment, jobDescription } from '../../db/schema';

// Reading job assignments (the jobAssignment entity): the one query with the role and the
// three companies, and the views the API returns. The talent's own assignments read it as
// it is; the company side (company-assignment-rows.ts) adds the talent's columns.

export const clientCompany = alias(company, 'client_company');
export const providerCompany = alias(company, 'provider_company');
export const salesCompany = alias(company, 'sales_company');

export const assignmentColumns = {
  id: jobAssignment.id,
  startDate: jobAssignment.startDate,
  endDate: jobAssignment.endDate,
  team: jobAssignment.team,
  costCenter: jobAssignment.costCenter,
  talentNote: jobAssignment.talentNote,
  currency: jobAssignment.assignmentCurrency,
  clientPricesIsVisibleToTalent: jobAssignment.clientPricesIsVisibleToTalent,
  createdAt: jobAssignment.createdAt,
  updatedAt: jobAssignment.updatedAt,
  roleId: jobDescription.id,
  roleTitle: jobDescription.title,
  roleDescription: jobDescription.description,
  roleLocation: jobDescription.location,
  roleSkills: jobDescription.skills,
  clientCompanyId: clientCompany.id,
  clientCompanyName: clientCompany.name,
  providerCompanyId: providerCompany.id,
  providerCompanyName: providerCompany.name,
  salesCompanyId: salesCompany.id,
  salesCompanyName: salesCompany.name,
};

/** Assignments with their role, the three companies and `extra` columns, in one query (no query per row). */
export function selectAssignmentsWith<Extra extends SelectedFields>(db: Pick<AppDatabase, 'select'>, extra: Extra) {
  return db
    .select({ ...assignmentColumns, ...extra })
    .from(jobAssignment)
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .leftJoin(clientCompany, eq(clientCompany.id, jobAssignment.clientCompanyId))
    .leftJoin(providerCompany, eq(providerCompany.id, jobAssignment.providerCompanyId))
    .leftJoin(salesCompany, eq(salesCompany.id, jobAssignment.salesCompanyId));
}

/** Assignments with their role and the three companies. */
export const selectAssignments = (db: Pick<AppDatabase, 'select'>) => selectAssignmentsWith(db, {});

export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>['execute']>>[number];

export interface CompanyView {
  id: string;
  name: string;
}

export interface RoleView {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  skills: string[];
}

export interface AssignmentView {
  id: string;
  status: AssignmentStatus;
  startDate: string | null;
  endDate: string | null;
  team: string | null;
  costCenter: string | null;
  talentNote: string | null;
  currency: string | null;
  clientPricesIsVisibleToTalent: boolean;
  createdAt: Date;
  updatedAt: Date;
  role: RoleView | null;
  clientCompany: CompanyView | null;
  providerCompany: CompanyView | null;
  salesCompany: CompanyView | null;
}

export interface BillingView {
  id: string;
  year: number;
  month: number;
  status: BillingStatusValue;
  amount: string;
  currency: string;
  /** Already filtered by the visibility rule: the stored sales amount never reaches a resolver. */
  clientAmount: string | null;
  dueDate: string | null;
}

export interface AssignmentDetailView extends AssignmentView {
  /** The caller's profile, which the billings are scoped by too. */
  profileId: string;
}

export const companyOf = (id: string | null, name: string | null): CompanyView | null => (id && name !== null ? { id, name } : null);

export function toView(row: AssignmentRow, today: string): AssignmentView {
  return {
    id: row.id,
    status: assignmentStatus(row, today),
    startDate: row.startDate,
    endDate: row.endDate,
    team: row.team,
    costCenter: row.costCenter,
    talentNote: row.talentNote,
    currency: row.currency,
    clientPricesIsVisibleToTalent: row.clientPricesIsVisibleToTalent,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    role:
      row.roleId && row.roleTitle !== null
        ? { id: row.roleId, title: row.roleTitle, description: row.roleDescription, location: row.roleLocation, skills: row.roleSkills ?? [] }
        : null,
    clientCompany: companyOf(row.clientCompanyId, row.clientCompanyName),
    providerCompany: companyOf(row.providerCompanyId, row.providerCompanyName),
    salesCompany: companyOf(row.salesCompanyId, row.salesCompanyName),
  };
}

/** The caller's live (not soft-deleted) assignments. */
export const mine = (profileId: string) => and(eq(jobAssignment.talentProfileId, profileId), isNull(jobAssignment.deletedAt));

/**
 * The SQL twin of assignmentStatus(...) === 'CURRENT': started (or no start) and not ended
 * (or no end) on `today`. Kept beside the rule's import so both change together.
 */
export const currentOn = (today: string) =>
  and(
    or(isNull(jobAssignment.startDate), lte(jobAssignment.startDate, today)),
    or(isNull(jobAssignment.endDate), gte(jobAssignment.endDate, today)),
  );

/**
 * The SQL twin of assignmentStatus(...) === status on `today`: ended once the end day has
 * passed; upcoming before the start day unless already ended; current otherwise.
 */
export function statusOn(status: AssignmentStatus, today: string): SQL {
  const ended = and(isNotNull(jobAssignment.endDate), lt(jobAssignment.endDate, today))!;
  if (status === 'ENDED') return ended;
  if (status === 'CURRENT') return currentOn(today)!;
  return and(isNotNull(jobAssignment.startDate), gt(jobAssignment.startDate, today), or(isNull(jobAssignment.endDate), gte(jobAssignment.endDate, today)))!;
}

export async function loadMyAssignment(db: AppDatabase, profileId: string, id: string): Promise<AssignmentView | null> {
  const [row] = await selectAssignments(db)
    .where(and(mine(profileId), eq(jobAssignment.id, id)))
    .limit(1);
  return row ? toView(row, todayIso()) : null;
}

export async function loadBillings(db: AppDatabase, profileId: string, assignment: AssignmentView): Promise<BillingView[]> {
  const rows = await db
    .select({
      id: billing.id,
      year: billing.year,
      month: billing.month,
      status: billing.status,
      amount: billing.amount,
      salesAmount: billing.salesAmount,
      currency: billing.currency,
      dueDate: billing.dueDate,
    })
    .from(billing)
    .where(and(eq(billing.jobAssignmentId, assignment.id), eq(billing.talentProfileId, profileId), isNull(billing.deletedAt)))
    .orderBy(desc(billing.year), desc(billing.month), desc(billing.createdAt));
  const priceRule = {
    clientPricesIsVisibleToTalent: assignment.clientPricesIsVisibleToTalent,
    salesCompanyId: assignment.salesCompany?.id ?? null,
    providerCompanyId: assignment.providerCompany?.id ?? null,
  };
  return rows.map(({ salesAmount, ...row }) => ({ ...row, clientAmount: clientAmountForTalent(priceRule, { amount: row.amount, salesAmount }) }));
}
