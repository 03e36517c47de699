import { and, asc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../../lib/assignments/assignment-status';
import { relationFor, type CompanyLinkRelation, type CompanyLinkStatus } from '../../../lib/company-links/company-link-rules';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import type { EventType } from '../../db/schema';
import { company, companyOnProviderCompany, companyOnUser, companyRole, jobAssignment, user } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { notFound } from '../errors';
import { recordEvent } from '../record-event';

// The company links of one company (the companyOnProviderCompany entity) as rows of the
// company_on_provider_company table, read from that company's side: the other company, what
// it is to this one, and where the link stands. Every id is looked up among the links the
// selected company is a side of, so another pair's id answers NOT_FOUND like an unknown one.

export type Reader = Pick<Writer, 'select'>;
type LinkTableRow = typeof companyOnProviderCompany.$inferSelect;

export interface CompanyLinkView {
  id: string;
  partnerCompanyId: string;
  partnerName: string;
  relation: CompanyLinkRelation;
  status: CompanyLinkStatus;
  /** This company made the last proposal (it waits for the other's answer). */
  proposedByUs: boolean;
  updatedAt: Date;
}

const link = companyOnProviderCompany;

/** The links `self` is a side of. */
export const sideOf = (self: string): SQL => or(eq(link.companyId, self), eq(link.providerCompanyId, self))!;

/** The other side's id, in SQL. */
const partnerIdOf = (self: string) => sql<string>`case when ${link.companyId} = ${self} then ${link.providerCompanyId} else ${link.companyId} end`;

export function toLinkView(row: LinkTableRow, self: string, partnerName: string): CompanyLinkView {
  return {
    id: row.id,
    partnerCompanyId: row.companyId === self ? row.providerCompanyId : row.companyId,
    partnerName,
    relation: relationFor(self, row),
    status: row.status,
    proposedByUs: row.proposedByCompanyId === self,
    updatedAt: row.updatedAt,
  };
}

/** Every link of `self`, of any state, with the other company (while it is not deleted). */
export async function linksOf(db: Reader, self: string): Promise<CompanyLinkView[]> {
  const rows = await db
    .select({ row: link, partnerName: company.name })
    .from(link)
    .innerJoin(company, and(eq(company.id, partnerIdOf(self)), isNull(company.deletedAt)))
    .where(sideOf(self))
    .orderBy(asc(sql`lower(${company.name})`), asc(link.id));
  return rows.map(({ row, partnerName }) => toLinkView(row, self, partnerName));
}

/** One link of `self`, locked for the write; anything else is NOT_FOUND. */
export async function lockedLinkOf(tx: Writer, self: string, id: string): Promise<{ row: LinkTableRow; partnerName: string }> {
  const [found] = isUuid(id)
    ? await tx
        .select({ row: link, partnerName: company.name })
        .from(link)
        .innerJoin(company, and(eq(company.id, partnerIdOf(self)), isNull(company.deletedAt)))
        .where(and(eq(link.id, id), sideOf(self)))
        .limit(1)
        .for('update', { of: link })
    : [];
  if (!found) throw notFound('The company link');
  return found;
}

/**
 * Assignments both companies take part in (as client, provider or sales company) that
 * have not ended: running today, or planned. While one is, the link they stand on stays.
 */
export async function unfinishedAssignmentsBetween(db: Reader, a: string, b: string): Promise<number> {
  const takesPart = (id: string) => or(eq(jobAssignment.clientCompanyId, id), eq(jobAssignment.providerCompanyId, id), eq(jobAssignment.salesCompanyId, id))!;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(jobAssignment)
    .where(and(isNull(jobAssignment.deletedAt), or(isNull(jobAssignment.endDate), gte(jobAssignment.endDate, todayIso())), takesPart(a), takesPart(b)));
  return row?.total ?? 0;
}

/** The members holding a company's owner role (its default role): those who answer for it. */
export async function ownersOf(db: Reader, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyOnUser.userId })
    .from(companyOnUser)
    .innerJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), eq(companyRole.isDefault, true), isNull(companyRole.deletedAt)))
    .innerJoin(user, and(eq(user.id, companyOnUser.userId), eq(user.status, 'active')))
    .where(eq(companyOnUser.companyId, companyId));
  return rows.map((row) => row.userId);
}

/**
 * The events of one write to a link: the acting company's own row (its audit trail,
 * addressed to the company, so it notifies nobody) and a copy for each owner of the other
 * company (`invitee`), which their notifications show and, for a proposal, their mail.
 * Each row reads from its addressee's side: `companyId` is the addressee's company,
 * `partnerCompanyId` the other one, `relation` what the partner is to it.
 */
export async function recordLinkEvent(
  tx: Writer,
  viewer: Viewer,
  write: { type: EventType; link: Pick<LinkTableRow, 'id' | 'companyId' | 'providerCompanyId'>; actingCompanyId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  const { link: row, actingCompanyId: acting } = write;
  const other = row.companyId === acting ? row.providerCompanyId : row.companyId;
  const base = { entityId: row.id, before: write.before, after: write.after };
  await recordEvent(tx, viewer, { type: write.type, toId: acting, data: { ...base, companyId: acting, partnerCompanyId: other, relation: relationFor(acting, row) } });
  for (const owner of await ownersOf(tx, other)) {
    await recordEvent(tx, viewer, { type: write.type, toId: owner, data: { ...base, companyId: other, partnerCompanyId: acting, relation: relationFor(other, row), invitee: true } });
  }
}
