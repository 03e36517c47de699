import { desc, eq, type SQL } from 'drizzle-orm';
import { COMPANY_CREDIT_ACTIONS, type CompanyCreditAction } from '../../../lib/admin/company-credit-input';
import type { Writer } from '../../db/client';
import { companyCreditChange, user } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';

// The history of a company's credits (each grant, change and end by the platform, with its
// reason), which the company reads on its transactions page next to the credits themselves.
// The admin who acted is named to admins only (admin/admin-company-credit.ts).

export interface CreditChangeRow {
  id: string;
  creditId: string;
  action: CompanyCreditAction;
  amount: string;
  currency: string;
  until: Date | null;
  reason: string;
  createdAt: Date;
  /** E-mail of the admin who made it; null on the company side. */
  changedBy: string | null;
}

const CompanyCreditActionEnum = builder.enumType('CompanyCreditAction', { description: 'What the platform did with a credit', values: COMPANY_CREDIT_ACTIONS });

export const CompanyCreditChange = builder.objectRef<CreditChangeRow>('CompanyCreditChange');
CompanyCreditChange.implement({
  description: "One grant, change or end of a company's credit: the credit as it stood after it, and why",
  fields: (t) => ({
    id: t.exposeID('id'),
    creditId: t.exposeID('creditId'),
    action: t.field({ type: CompanyCreditActionEnum, resolve: (row) => row.action }),
    amount: t.field({ type: 'Decimal', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    until: t.field({ type: 'DateTime', nullable: true, description: 'Counts until then; null never expires', resolve: (row) => row.until }),
    reason: t.exposeString('reason'),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    changedBy: t.exposeString('changedBy', { nullable: true, description: "The admin's e-mail, to admins; null for the company" }),
  }),
});

/** History rows, newest first, with the admin's e-mail (callers on the company side drop it). */
export async function creditChanges(db: Writer, where: SQL | undefined): Promise<CreditChangeRow[]> {
  const rows = await db
    .select({
      id: companyCreditChange.id,
      creditId: companyCreditChange.creditId,
      action: companyCreditChange.action,
      amount: companyCreditChange.amount,
      currency: companyCreditChange.currency,
      until: companyCreditChange.until,
      reason: companyCreditChange.reason,
      createdAt: companyCreditChange.createdAt,
      changedBy: user.email,
    })
    .from(companyCreditChange)
    .leftJoin(user, eq(user.id, companyCreditChange.changedById))
    .where(where)
    .orderBy(desc(companyCreditChange.createdAt), desc(companyCreditChange.id));
  return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
}

builder.queryField('findManyCompanyCreditChange', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyCreditChange],
    description: "The history of the selected company's credits, newest first (at most 100); needs companyTalentRoster read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const rows = await creditChanges(context.db, eq(companyCreditChange.companyId, companyId));
      return rows.slice(0, 100).map((row) => ({ ...row, changedBy: null }));
    },
  }),
);
