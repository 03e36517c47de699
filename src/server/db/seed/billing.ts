import { randomUUID } from 'node:crypto';
import {
  billing,
  billingLineItem,
  companyInvoiceDetail,
  companyTalentRoster,
  invoice,
  invoiceNumberCounter,
  jobAssignment,
  talentBalanceTransaction,
  talentPaymentProfile,
  type InvoiceDetails,
  type InvoiceParty,
} from '../schema';
import type { SeededAccounts } from './accounts';
import type { SeededCompanies, SeededCompany } from './companies';
import { insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import { addDays, addMinutes, dayOfMonth, isoDate, monthBefore, notAfter, type YearMonth } from './dates';
import { defaultDueDate } from '../../../lib/billing/billing-period';
import { addMoney, fromCents, multiplyMoney, negateMoney, toCents } from '../../../lib/money/decimal-money';
import { formatInvoiceNumber, numberingYear } from '../../../lib/invoices/invoice-numbering';
import { invoiceTotals } from '../../../lib/invoices/invoice-totals';
import { SELF_BILLING_MENTION, unitCodeOf } from '../../../lib/invoices/invoice-kinds';
import type { SeededTalents } from './talents';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { EmploymentTypeValue, RateUnitValue } from '../../../lib/jobs/job-enums';
import type { BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';

// The demo talent's money trail: two assignments (Northwind directly, and Northwind
// through Brightpath), six months of billings in every status, invoices for the
// invoiced and paid ones, and roster balances that are the running sum of their
// transactions.

interface Line {
  description: string;
  unit: RateUnitValue;
  quantity: string;
  price: string;
  /** What the client pays per unit when a provider sits in between. */
  clientPrice?: string;
}

interface AssignmentPlan {
  client: SeededCompany;
  provider: SeededCompany | null;
  currency: 'EUR' | 'GBP';
  employmentType: EmploymentTypeValue;
  employeeNumber: string;
  team: string;
  costCenter: string;
  talentNote: string;
  /**
   * Both assignments started well before the six months of billings: their first months
   * were billed before the talent joined, so the demo (and its end-to-end tests) still
   * has months on each assignment that can be billed here.
   */
  startMonthsAgo: number;
  endInDays: number | null;
  /** Per month, oldest first (5 months ago → this month); a month may have a rejected first try. */
  statuses: BillingStatusValue[][];
  /** `worked`: share of the month worked so far (below 1 only for this month's draft). */
  lines: (period: YearMonth, options: { rejected: boolean; worked: number }) => Line[];
  misc: { change: string; note: string };
}

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

function monthLabel({ year, month }: YearMonth): string {
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Share of the current month gone by: this month's draft only has the days worked so far. */
function monthWorked(now: Date): number {
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  return now.getUTCDate() / daysInMonth;
}

function quarters(count: number): string {
  return `${Math.floor(count / 4)}.${['00', '25', '50', '75'][count % 4]}`;
}

function plans(ctx: SeedContext, companies: SeededCompanies): AssignmentPlan[] {
  const { faker } = ctx;
  const northwind = companies.byKey('northwind');
  const brightpath = companies.byKey('brightpath');
  return [
    {
      client: northwind,
      provider: null,
      currency: 'EUR',
      employmentType: 'freelancer',
      employeeNumber: 'NW-0042',
      team: 'Design system',
      costCenter: 'NW-ENG-110',
      talentNote: 'Send your hours by the third working day of the month.',
      startMonthsAgo: 14,
      endInDays: null,
      statuses: [['PAID'], ['PAID'], ['INVOICED'], ['APPROVED'], ['SENT'], ['DRAFT']],
      lines: (period, { worked }) => [
        {
          description: `Frontend development, ${monthLabel(period)} (hours)`,
          unit: 'HOUR',
          quantity: quarters(Math.max(4, Math.round(faker.number.int({ min: 480, max: 672 }) * worked))),
          price: '55.00',
        },
        ...(faker.datatype.boolean() && worked === 1
          ? [
              {
                description: 'Weekend on-call support (hours)',
                unit: 'HOUR' as const,
                quantity: `${faker.number.int({ min: 4, max: 12 })}.00`,
                price: '82.50',
              },
            ]
          : []),
        { description: 'Home office allowance (month)', unit: 'MONTH', quantity: '1.00', price: '40.00' },
      ],
      misc: { change: '180.00', note: 'Conference ticket reimbursed' },
    },
    {
      client: northwind,
      provider: brightpath,
      currency: 'GBP',
      employmentType: 'employee',
      employeeNumber: 'BP-1187',
      team: 'Checkout squad',
      costCenter: 'NW-ENG-204',
      talentNote: 'Brightpath approves timesheets before they go to the client.',
      startMonthsAgo: 12,
      endInDays: 90,
      statuses: [['PAID'], ['REJECTED', 'PAID'], ['PAID'], ['INVOICED'], ['SENT'], ['DRAFT']],
      lines: (period, { rejected, worked }) => {
        const days = Math.max(1, Math.round(faker.number.int({ min: 15, max: 20 }) * worked));
        return [
          {
            description: `Consulting days, checkout squad, ${monthLabel(period)}`,
            unit: 'DAY',
            // The rejected first try claimed two days too many.
            quantity: `${rejected ? days + 2 : days}.00`,
            price: '420.00',
            clientPrice: '560.00',
          },
          ...(faker.datatype.boolean({ probability: 0.4 })
            ? [
                {
                  description: 'Travel to the client site (per diem)',
                  unit: 'DAY' as const,
                  quantity: `${faker.number.int({ min: 1, max: 3 })}.00`,
                  price: '35.50',
                  clientPrice: '35.50',
                },
              ]
            : []),
        ];
      },
      misc: { change: '-12.50', note: 'International transfer fee' },
    },
  ];
}

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

function talentDetails(accounts: SeededAccounts): InvoiceDetails {
  return {
    legalName: accounts.talent.name,
    vatNumber: 'PT245678901',
    address: { street: 'Rua da Rosa 45', postalCode: '1200-385', city: 'Lisbon', country: 'PT' },
    paymentTermsDays: 30,
  };
}

function clientDetails(client: SeededCompany): InvoiceDetails {
  const { definition } = client;
  return {
    legalName: `${definition.name} plc`,
    address: { street: definition.street, postalCode: definition.postalCode, city: definition.city, country: definition.country },
  };
}

function partyOf(name: string, details: InvoiceDetails): InvoiceParty {
  return { name, legalName: details.legalName, vatNumber: details.vatNumber, registrationNumber: details.registrationNumber, address: details.address, iban: details.iban, bic: details.bic };
}

function providerDetails(provider: SeededCompany): InvoiceDetails {
  const { definition } = provider;
  return {
    legalName: `${definition.name} Ltd`,
    vatNumber: 'GB123456789',
    registrationNumber: '09876543',
    address: { street: definition.street, postalCode: definition.postalCode, city: definition.city, country: definition.country },
    paymentTermsDays: 30,
  };
}

/** A few more people on Northwind's roster, so the roster page is not a list of one. */
async function seedNorthwindRoster(
  ctx: SeedContext,
  tx: SeedTx,
  accounts: SeededAccounts,
  northwind: SeededCompany,
  talents: SeededTalents,
): Promise<void> {
  const { faker, now } = ctx;
  const members = talents.others.filter((talent) => talent.tier !== 'sparse').slice(0, 5);
  await insertRows(
    ctx,
    tx,
    companyTalentRoster,
    members.map((talent, index) => ({
      externalId: `roster-nw-${String(index + 1).padStart(4, '0')}`,
      talentProfileId: talent.id,
      managerId: accounts.owner.userId,
      companyId: northwind.id,
      balance: '0.00',
      currency: 'EUR',
      employmentType: faker.helpers.arrayElement(['freelancer', 'employee'] as const),
      employeeNumber: `NW-${String(index + 1).padStart(4, '0')}`,
      consent: 'accepted' as const,
      createdAt: addDays(now, -faker.number.int({ min: 30, max: 300 })),
    })),
  );
}
