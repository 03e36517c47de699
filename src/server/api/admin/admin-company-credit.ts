import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ADMIN_ERRORS } from '../../../lib/admin/company-verification';
import {
  changeCreditSchema,
  creditChange,
  creditEndsAt,
  endCreditSchema,
  grantCreditSchema,
  utcDay,
  type CompanyCreditAction,
} from '../../../lib/admin/company-credit-input';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { isCreditCurrent } from '../../../lib/talent-roster/company-credit';
import type { Writer } from '../../db/client';
import { company, companyCredit, companyCreditChange, user } from '../../db/schema';
import { builder } from '../builder';
import { CompanyCreditChange, creditChanges, type CreditChangeRow } from '../talent-roster/company-credit-history';
import type { SignedInContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';

// The credit the platform gives a company, granted, changed and ended by an admin holding
// the finance permission (lib/admin/company-credit-input.ts). Each write updates the credit
// (updatedById: who did it), adds a row to its history with the reason, and records a
// company.update event addressed to the company. The ledger reads the credits as before.

interface AdminCreditRow {
  id: string;
  amount: string;
  currency: string;
  until: Date | null;
  updatedAt: Date;
  updatedBy: string | null;
  changes: CreditChangeRow[];
}

const AdminCompanyCredit = builder.objectRef<AdminCreditRow>('AdminCompanyCredit');
AdminCompanyCredit.implement({
  description: "A company's credit as the platform manages it, with its history",
  fields: (t) => ({
    id: t.exposeID('id'),
    amount: t.field({ type: 'Decimal', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    until: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.until }),
    expired: t.boolean({ resolve: (row) => !isCreditCurrent({ until: row.until?.toISOString() ?? null }, new Date()) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    updatedBy: t.exposeString('updatedBy', { nullable: true, description: 'E-mail of the admin who last granted, changed or ended it' }),
    changes: t.field({ type: [CompanyCreditChange], description: 'Newest first, each with the admin who made it', resolve: (row) => row.changes }),
  }),
});

async function readCredits(db: Writer, where: SQL): Promise<AdminCreditRow[]> {
  const credits = await db
    .select({ id: companyCredit.id, amount: companyCredit.amount, currency: companyCredit.currency, until: companyCredit.until, updatedAt: companyCredit.updatedAt, updatedBy: user.email })
    .from(companyCredit)
    .leftJoin(user, eq(user.id, companyCredit.updatedById))
    .where(where)
    .orderBy(desc(companyCredit.until), asc(companyCredit.currency), asc(companyCredit.id));
  const changes = credits.length ? await creditChanges(db, inArray(companyCreditChange.creditId, credits.map((credit) => credit.id))) : [];
  return credits.map((credit) => ({ ...credit, currency: credit.currency.trim(), changes: changes.filter((change) => change.creditId === credit.id) }));
}

builder.queryField('findManyAdminCompanyCredit', (t) =>
  t.withAuth({ adminPermission: ['finance', 'verification'] }).field({
    type: [AdminCompanyCredit],
    description: "A company's credits and their history (admins holding finance or verification); an unknown company answers none",
    args: { companyId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const companyId = String(args.companyId);
      if (!isUuid(companyId)) return [];
      return readCredits(context.db, eq(companyCredit.companyId, companyId));
    },
  }),
);

const CreditInput = builder.inputType('CompanyCreditInput', {
  fields: (t) => ({
    amount: t.string({ required: true, description: 'More than zero, up to two decimals' }),
    currency: t.string({ description: 'ISO 4217; granting only (a change keeps the currency)' }),
    until: t.string({ description: 'The last day it counts (yyyy-mm-dd), today or later; blank: no end' }),
    reason: t.string({ required: true, description: 'Why; the company reads it (at most 1,000 characters)' }),
  }),
});

/** The write's bookkeeping: the history row and the company.update event, in the write's transaction. */
async function recordCreditChange(
  tx: Writer,
  context: SignedInContext,
  credit: { id: string; companyId: string; amount: string; currency: string; until: Date | null },
  action: CompanyCreditAction,
  reason: string,
  before: { amount: string; until: Date | null } | null,
) {
  await tx.insert(companyCreditChange).values({ creditId: credit.id, companyId: credit.companyId, action, amount: credit.amount, currency: credit.currency, until: credit.until, reason, changedById: context.viewer.userId });
  await recordEvent(tx, context.viewer, {
    type: 'company.update',
    toId: credit.companyId,
    data: {
      entityId: credit.companyId,
      companyId: credit.companyId,
      admin: true,
      action: `credit${action[0]!.toUpperCase()}${action.slice(1)}`,
      creditId: credit.id,
      reason,
      before: before ? { amount: before.amount, until: before.until?.toISOString() ?? null } : null,
      after: { amount: credit.amount, currency: credit.currency.trim(), until: credit.until?.toISOString() ?? null },
    },
  });
}

/** The credit, locked, with its company not deleted; NOT_FOUND for an unknown id. */
async function lockedCredit(tx: Writer, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(companyCredit).where(eq(companyCredit.id, id)).limit(1).for('update') : [];
  if (!row) throw notFound('The credit');
  return row;
}

/** A credit that may still be changed or ended now, locked: its company live, the credit not over (CONFLICT otherwise). */
async function changeableCredit(tx: Writer, id: string, now: Date) {
  const before = await lockedCredit(tx, id);
  await liveCompany(tx, before.companyId);
  const move = creditChange(before, now);
  if (!move.ok) throw conflict(move.reason, ADMIN_ERRORS);
  return before;
}

async function liveCompany(tx: Writer, companyId: string) {
  const [row] = isUuid(companyId) ? await tx.select({ id: company.id, deletedAt: company.deletedAt }).from(company).where(eq(company.id, companyId)).limit(1).for('update') : [];
  if (!row) throw notFound('The company');
  if (row.deletedAt) throw conflict('companyDeleted', ADMIN_ERRORS);
}

async function answer(context: SignedInContext, id: string): Promise<AdminCreditRow> {
  const [row] = await readCredits(context.db, eq(companyCredit.id, id));
  return row!;
}

builder.mutationField('createOneCompanyCredit', (t) =>
  t.withAuth({ adminPermission: 'finance' }).field({
    type: AdminCompanyCredit,
    description: 'Grants a company credit (finance admins): amount, currency, last day (optional) and the reason its owners read. Records company.update',
    args: { companyId: t.arg.id({ required: true }), data: t.arg({ type: CreditInput, required: true }) },
    resolve: async (_root, args, context) => {
      const companyId = String(args.companyId);
      const parsed = grantCreditSchema(utcDay(new Date())).safeParse(args.data);
      const id = await context.db.transaction(async (tx) => {
        await liveCompany(tx, companyId);
        if (!parsed.success) throw invalidFields(zodIssues(parsed.error), ADMIN_ERRORS);
        const { amount, currency, until, reason } = parsed.data;
        const [created] = await tx.insert(companyCredit).values({ companyId, amount, currency, until: creditEndsAt(until), updatedById: context.viewer.userId }).returning();
        await recordCreditChange(tx, context, created!, 'grant', reason, null);
        return created!.id;
      });
      return answer(context, id);
    },
  }),
);

builder.mutationField('updateOneCompanyCredit', (t) =>
  t.withAuth({ adminPermission: 'finance' }).field({
    type: AdminCompanyCredit,
    description: 'Changes a current credit (finance admins): new amount and last day, with the reason. CONFLICT creditEnded once it no longer counts. Records company.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: CreditInput, required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      const now = new Date();
      await context.db.transaction(async (tx) => {
        const before = await changeableCredit(tx, id, now);
        const parsed = changeCreditSchema(utcDay(now)).safeParse(args.data);
        if (!parsed.success) throw invalidFields(zodIssues(parsed.error), ADMIN_ERRORS);
        const [after] = await tx
          .update(companyCredit)
          .set({ amount: parsed.data.amount, until: creditEndsAt(parsed.data.until), updatedById: context.viewer.userId, updatedAt: now })
          .where(eq(companyCredit.id, id))
          .returning();
        await recordCreditChange(tx, context, after!, 'change', parsed.data.reason, before);
      });
      return answer(context, id);
    },
  }),
);

builder.mutationField('endOneCompanyCredit', (t) =>
  t.withAuth({ adminPermission: 'finance' }).field({
    type: AdminCompanyCredit,
    description: 'Ends a current credit now (finance admins), with the reason. CONFLICT creditEnded once it no longer counts. Records company.update',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      const now = new Date();
      await context.db.transaction(async (tx) => {
        const before = await changeableCredit(tx, id, now);
        const parsed = endCreditSchema.safeParse({ reason: args.reason });
        if (!parsed.success) throw invalidFields(zodIssues(parsed.error), ADMIN_ERRORS, null);
        const [after] = await tx.update(companyCredit).set({ until: now, updatedById: context.viewer.userId, updatedAt: now }).where(eq(companyCredit.id, id)).returning();
        await recordCreditChange(tx, context, after!, 'end', parsed.data.reason, before);
      });
      return answer(context, id);
    },
  }),
);
