import { randomUUID } from 'node:crypto';
import { billing, billingLineItem, companyInvoiceDetail, companyTalentRoster, invoice, invoiceNumberCounter, jobAssignment, talentBalanceTransaction, talentPaymentProfile } from '../schema';
import { insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import { addDays, addMinutes, dayOfMonth, isoDate, monthBefore, notAfter, type YearMonth } from './dates';
import { defaultDueDate } from '../../../lib/billing/billing-period';
import { addMoney, fromCents, multiplyMoney, negateMoney, toCents } from '../../../lib/money/decimal-money';
import { formatInvoiceNumber, numberingYear } from '../../../lib/invoices/invoice-numbering';
import { invoiceTotals } from '../../../lib/invoices/invoice-totals';
import { SELF_BILLING_MENTION, unitCodeOf } from '../../../lib/invoices/invoice-kinds';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { monthWorked, plans } from './billing-plans';
import { clientDetails, partyOf, providerDetails, talentDetails } from './invoice-party-details';
import { seedNorthwindRoster } from './northwind-roster';

// The demo talent's money trail: two assignments (Northwind directly, and Northwind
// through Brightpath), six months of billings in every status, invoices for the
// invoiced and paid ones, and roster balances that are the running sum of their
// transactions.
//
// The two assignments and their months are planned in billing-plans.ts; this file writes
// the rows they make.

export interface SeededBilling {
  id: string;
  companyId: string;
  status: BillingStatusValue;
  createdAt: Date;
}

export interface SeededDemoBilling {
  rosters: { id: string; companyId: string; createdAt: Date }[];
  assignments: { id: string; companyId: string; createdAt: Date }[];
  billings: SeededBilling[];
  invoices: { id: string; fromCompanyId: string | null; toCompanyId: string; createdAt: Date }[];
}

const COMMISSION_RATE = '0.05';
const REJECTION_REASON = 'The days do not match the approved timesheet; please correct and resubmit.';

interface Transaction {
  type: BalanceTransactionTypeValue;
  change: string;
  at: Date;
  jobAssignmentId: string | null;
}

/** Withdraws about 80 % of the balance, in whole hundreds. */
function withdrawal(balance: string): string {
  const cents = toCents(balance);
  return fromCents(-(((cents * 8n) / 10n / 10_000n) * 10_000n));
}

export async function seedDemoBilling(ctx: SeedContext, tx: SeedTx, { accounts, companies, jobs, talents }: SeededBase): Promise<SeededDemoBilling> {
  const { faker, now } = ctx;
  const past = (date: Date) => notAfter(date, addMinutes(now, -1));
  const talent = talents.demo;
  const northwind = companies.byKey('northwind');
  const northwindDescriptions = jobs.descriptions.filter((description) => description.companyId === northwind.id);
  const result: SeededDemoBilling = { rosters: [], assignments: [], billings: [], invoices: [] };
  for (const [planIndex, plan] of plans(ctx, companies).entries()) {
    // The employer reviews the billings and issues the invoices, numbered per year: its own
    // to the client when it is a provider, else self-billed in the talent's name.
    const lastSequence = new Map<number, number>();
    const employer = plan.provider ?? plan.client;
    const assignmentId = randomUUID();
    const rosterId = randomUUID();
    const start = monthBefore(now, plan.startMonthsAgo);
    const assignmentCreated = past(dayOfMonth(start, 1));
    const billings: (typeof billing.$inferInsert & { id: string; amount: string })[] = [];
    const lines: (typeof billingLineItem.$inferInsert)[] = [];
    const invoices: (typeof invoice.$inferInsert & { id: string; createdAt: Date })[] = [];
    const transactions: Transaction[] = [];

    for (const [index, statuses] of plan.statuses.entries()) {
      const period = monthBefore(now, plan.statuses.length - 1 - index);
      const next: YearMonth = { year: period.year, month: period.month + 1 };
      for (const status of statuses) {
        const rejected = status === 'REJECTED';
        const billingLines = plan.lines(period, { rejected, worked: status === 'DRAFT' ? monthWorked(now) : 1 });
        const amounts = billingLines.map((line) => multiplyMoney(line.quantity, line.price));
        const amount = addMoney(...amounts);
        const salesAmount = plan.provider
          ? addMoney(...billingLines.map((line) => multiplyMoney(line.quantity, line.clientPrice ?? line.price)))
          : null;
        const id = randomUUID();
        const createdAt = past(status === 'DRAFT' ? dayOfMonth(period, 2) : dayOfMonth(next, rejected ? -1 : 0, 17));
        billings.push({
          id,
          externalId: `BIL-${period.year}${String(period.month).padStart(2, '0')}-${planIndex + 1}${rejected ? 'R' : ''}`,
          talentProfileId: talent.id,
          jobAssignmentId: assignmentId,
          createdById: talent.userId,
          amount,
          salesAmount,
          currency: plan.currency,
          year: period.year,
          month: period.month,
          status,
          message: statuses.length > 1 && !rejected
            ? 'Corrected to the days in the approved timesheet.'
            : null,
          dueDate: defaultDueDate(period),
          sentAt: status === 'DRAFT' ? null : createdAt,
          ...(rejected ? { rejectedAt: past(addDays(createdAt, 1)), rejectedById: accounts.owner.userId, rejectionReason: REJECTION_REASON } : {}),
          ...(status === 'APPROVED' || status === 'INVOICED' || status === 'PAID'
            ? { approvedAt: past(addDays(createdAt, 1)), approvedById: accounts.owner.userId, purchaseOrderNumber: `PO-${period.year}${String(period.month).padStart(2, '0')}-${planIndex + 1}` }
            : {}),
          createdAt,
          updatedAt: createdAt,
        });
        // A millisecond apart: lines are read back in the order they were written.
        billingLines.forEach((line, lineIndex) =>
          lines.push({
            billingId: id,
            description: line.description,
            unit: line.unit,
            quantity: line.quantity,
            price: line.price,
            amount: amounts[lineIndex]!,
            currency: plan.currency,
            createdById: talent.userId,
            createdAt: new Date(createdAt.getTime() + lineIndex),
          }),
        );
        result.billings.push({ id, companyId: employer.id, status, createdAt });

        if (status === 'INVOICED' || status === 'PAID') {
          const invoicedAt = past(dayOfMonth(next, 5));
          const year = numberingYear(invoicedAt);
          const sequence = (lastSequence.get(year) ?? 0) + 1;
          lastSequence.set(year, sequence);
          const invoiceLines = billingLines.map((line) => ({
            description: line.description,
            quantity: line.quantity,
            unitCode: unitCodeOf(line.unit),
            price: plan.provider ? (line.clientPrice ?? line.price) : line.price,
            amount: multiplyMoney(line.quantity, plan.provider ? (line.clientPrice ?? line.price) : line.price),
          }));
          const totals = invoiceTotals(invoiceLines.map((line) => line.amount), '0.00');
          const paidAt = status === 'PAID' ? past(dayOfMonth(next, 20)) : null;
          invoices.push({
            id: randomUUID(),
            createdById: accounts.owner.userId,
            issuerCompanyId: employer.id,
            fromCompanyId: plan.provider?.id ?? null,
            toCompanyId: plan.client.id,
            jobAssignmentId: assignmentId,
            talentProfileId: talent.id,
            billingId: id,
            kind: 'INVOICE',
            selfBilled: plan.provider === null,
            number: formatInvoiceNumber(year, sequence),
            year,
            sequence,
            issuedAt: invoicedAt,
            netTotal: totals.net,
            vatRate: '0.00',
            vatTotal: totals.vat,
            total: totals.gross,
            currency: plan.currency,
            lines: invoiceLines,
            seller: plan.provider ? partyOf(plan.provider.definition.name, providerDetails(plan.provider)) : partyOf(accounts.talent.name, talentDetails(accounts)),
            buyer: partyOf(plan.client.definition.name, clientDetails(plan.client)),
            description: plan.provider ? billingLines[0]!.description : `${billingLines[0]!.description}. ${SELF_BILLING_MENTION}`,
            status: status === 'PAID' ? 'PAID' : 'UNPAID',
            invoiceDetails: plan.provider ? providerDetails(plan.provider) : talentDetails(accounts),
            dueDate: isoDate(addDays(invoicedAt, 30)),
            paidAt,
            paidById: paidAt ? accounts.owner.userId : null,
            createdAt: invoicedAt,
          });
          Object.assign(billings.at(-1)!, { invoicedAt, invoicedById: accounts.owner.userId, paidAt, paidById: paidAt ? accounts.owner.userId : null });
        }
        if (status === 'PAID') {
          const paidAt = past(dayOfMonth(next, 20));
          transactions.push(
            { type: 'SALARY', change: amount, at: paidAt, jobAssignmentId: assignmentId },
            { type: 'COMISSION', change: negateMoney(multiplyMoney(amount, COMMISSION_RATE)), at: addMinutes(paidAt, 1), jobAssignmentId: assignmentId },
          );
        }
      }
    }

    // A correction and a payout after the salaries, so every transaction type shows.
    const lastSalary = transactions.at(-1)?.at ?? assignmentCreated;
    transactions.push({ type: 'MISC', change: plan.misc.change, at: past(addDays(lastSalary, 2)), jobAssignmentId: null });
    const balanceBeforePayout = addMoney(...transactions.map((transaction) => transaction.change));
    transactions.push({ type: 'WITHDRAWAL', change: withdrawal(balanceBeforePayout), at: past(addDays(lastSalary, 3)), jobAssignmentId: null });
    const balance = addMoney(...transactions.map((transaction) => transaction.change));

    await insertRows(ctx, tx, companyTalentRoster, [
      {
        id: rosterId,
        externalId: `roster-${plan.employeeNumber.toLowerCase()}`,
        talentProfileId: talent.id,
        managerId: accounts.owner.userId,
        companyId: employer.id,
        balance,
        currency: plan.currency,
        employmentType: plan.employmentType,
        employeeNumber: plan.employeeNumber,
        consent: 'accepted',
        consentAnsweredAt: assignmentCreated,
        createdAt: assignmentCreated,
      },
    ]);
    await insertRows(ctx, tx, jobAssignment, [
      {
        id: assignmentId,
        jobDescriptionId: northwindDescriptions[planIndex]?.id ?? northwindDescriptions[0]?.id ?? null,
        talentProfileId: talent.id,
        clientCompanyId: plan.client.id,
        providerCompanyId: plan.provider?.id ?? null,
        salesCompanyId: plan.provider?.id ?? null,
        clientPricesIsVisibleToTalent: plan.provider === null,
        assignmentCurrency: plan.currency,
        team: plan.team,
        costCenter: plan.costCenter,
        talentNote: plan.talentNote,
        startDate: isoDate(dayOfMonth(start, 1)),
        endDate: plan.endInDays === null ? null : isoDate(addDays(now, plan.endInDays)),
        createdAt: assignmentCreated,
      },
    ]);
    await insertRows(ctx, tx, billing, billings);
    await insertRows(ctx, tx, billingLineItem, lines);
    await insertRows(ctx, tx, invoice, invoices);
    await insertRows(ctx, tx, invoiceNumberCounter, [...lastSequence].map(([year, last]) => ({ companyId: employer.id, year, lastSequence: last })));
    await insertRows(
      ctx,
      tx,
      talentBalanceTransaction,
      transactions.map((transaction) => ({
        companyTalentRosterId: rosterId,
        change: transaction.change,
        currency: plan.currency,
        companyId: employer.id,
        jobAssignmentId: transaction.jobAssignmentId,
        createdById: accounts.owner.userId,
        type: transaction.type,
        createdAt: transaction.at,
      })),
    );
    result.rosters.push({ id: rosterId, companyId: employer.id, createdAt: assignmentCreated });
    result.assignments.push({ id: assignmentId, companyId: plan.client.id, createdAt: assignmentCreated });
    result.invoices.push(
      ...invoices.map((row) => ({ id: row.id, fromCompanyId: row.fromCompanyId ?? null, toCompanyId: row.toCompanyId!, createdAt: row.createdAt })),
    );
  }

  const bankInformation = {
    accountHolder: accounts.talent.name,
    iban: faker.finance.iban({ formatted: false, countryCode: 'PT' }),
    bic: faker.finance.bic(),
    bankName: 'Banco Atlântico',
    country: 'PT',
  };
  await insertRows(ctx, tx, talentPaymentProfile, [
    { talentProfileId: talent.id, currency: 'EUR', bankInformation, isVerified: true, createdAt: addDays(now, -300) },
  ]);
  await insertRows(ctx, tx, companyInvoiceDetail, [
    {
      talentId: talent.id,
      companyId: northwind.id,
      currency: 'EUR',
      details: { ...talentDetails(accounts), iban: bankInformation.iban, bic: bankInformation.bic },
    },
  ]);
  await seedNorthwindRoster(ctx, tx, accounts, northwind, talents);
  return result;
}
