import type { SeededCompanies, SeededCompany } from './companies';
import type { SeedContext } from './context';
import type { YearMonth } from './dates';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { EmploymentTypeValue, RateUnitValue } from '../../../lib/job-ads/job-enums';

// The demo talent's two assignments as the seed plans them (Northwind directly, and
// Northwind through Brightpath): the roster entry, the status of each month's billings
// and the lines each month bills. billing.ts turns them into rows.

interface Line {
  description: string;
  unit: RateUnitValue;
  quantity: string;
  price: string;
  /** What the client pays per unit when a provider sits in between. */
  clientPrice?: string;
}

export interface AssignmentPlan {
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

function monthLabel({ year, month }: YearMonth): string {
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Share of the current month gone by: this month's draft only has the days worked so far. */
export function monthWorked(now: Date): number {
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  return now.getUTCDate() / daysInMonth;
}

function quarters(count: number): string {
  return `${Math.floor(count / 4)}.${['00', '25', '50', '75'][count % 4]}`;
}

export function plans(ctx: SeedContext, companies: SeededCompanies): AssignmentPlan[] {
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
