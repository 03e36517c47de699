import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../client';
import { SELF_BILLING_MENTION } from '../../../lib/invoices/invoice-kinds';
import { INVOICE_NUMBER_PREFIX } from '../../../lib/invoices/invoice-numbering';
import { insertRows } from './large-tenant-rows';

// The large tenant's money over the years, as a staffing agency running on the product has
// it: its roster talents on assignments it reviews (most of them placed with itself, a
// quarter sold to client companies), a billing a month for each, approved, invoiced and paid
// as the months went by, an invoice for each invoiced or paid one, numbered per year without
// gaps, and the talents' ledgers (salary, commission, payouts, corrections). One statement
// per table, like the rest of the tenant; the demo's rows lend what a template can (the
// assignment's terms, the rejection reason, the self-billed invoice's parties).

export interface LargeTenantMoneyOptions {
  /** Job assignments of roster talents that the company reviews; a quarter are its sales to other companies. */
  assignments: number;
  /** Monthly billings: one per assignment and month, back from this month; each invoiced or paid one has its invoice. */
  billings: number;
  /** Ledger entries (talent_balance_transaction) on the roster entries of the assignments' talents. */
  ledgerEntries: number;
}

export const LARGE_TENANT_MONEY_STEPS = ['assignments', 'billings', 'invoices', 'ledger'] as const;

/**
 * The company's large-tenant assignments, numbered from 0 (`n`) the same way in every
 * statement, with what their billings say: the talent, the role, whether it is a sale.
 */
const assignments = (companyId: string) => sql`assignments as (
  select a.id, a.talent_profile_id, a.client_company_id, a.assignment_currency as currency, a.provider_company_id is not null as sales,
         p.user_id as talent_user_id, coalesce(p.profile_name, 'Talent') as profile_name, coalesce(d.title, 'Consulting') as title,
         (row_number() over (order by a.id) - 1)::int as n
  from job_assignment a
  join talent_profile p on p.id = a.talent_profile_id and p.email like 'talent-%@talents.large.test'
  left join job_description d on d.id = a.job_description_id
  where coalesce(a.provider_company_id, a.client_company_id) = ${companyId} and a.deleted_at is null)`;

/** The company's members, numbered: each assignment has one of them as its reviewer. */
const reviewers = (companyId: string) => sql`reviewers as (
  select user_id, (row_number() over (order by user_id) - 1)::int as n, count(*) over ()::int as total
  from company_on_user where company_id = ${companyId})`;

/** The first day (UTC) of the month `monthsBack` months before this one. */
const monthStart = (monthsBack: SQL) => sql`(date_trunc('month', now() at time zone 'UTC') - (${monthsBack}) * interval '1 month')`;

/** A moment `offset` into a month (`b.period`), never after now, as the product stores it. */
const inMonth = (offset: string) => sql`least((b.period + ${offset}::interval) at time zone 'UTC', now() - interval '1 minute')`;

/**
 * The lines of a billing `b` (its assignment's `n`, `sales` and role `title`, its month
 * `b.period`, `b.m` months back): the month's work, in hours placed with the company, in
 * days on a sale, whose client pays a quarter more for them (`client_price`); and one month
 * in three, on-call hours or travel. Billings, their line items and invoices all read them here.
 */
const lines = sql`(select * from (values
    (1, case when b.sales then 'Consulting days, ' || to_char(b.period, 'FMMonth YYYY') else b.title || ', ' || to_char(b.period, 'FMMonth YYYY') || ' (hours)' end,
        case when b.sales then 'DAY' else 'HOUR' end,
        case when b.sales then (16 + (b.n + b.m) % 6)::numeric else 120 + (b.n * 7 + b.m * 11) % 48 + ((b.n + b.m) % 4) * 0.25 end,
        case when b.sales then (400 + (b.n % 6) * 20)::numeric else (45 + (b.n % 8) * 5)::numeric end,
        case when b.sales then (400 + (b.n % 6) * 20) * 1.25 else (45 + (b.n % 8) * 5)::numeric end),
    (2, case when b.sales then 'Travel to the client site (per diem)' else 'Weekend on-call support (hours)' end,
        case when b.sales then 'DAY' else 'HOUR' end,
        case when b.sales then (1 + (b.n + b.m) % 3)::numeric else (4 + (b.n + b.m) % 8)::numeric end,
        case when b.sales then 35.50 else 82.50 end,
        case when b.sales then 35.50 else 82.50 end)
  ) as v(line, description, unit, quantity, price, client_price)
  where v.line = 1 or (b.n + b.m) % 3 = 0) l`;

/** A company as an invoice names it: its name and address with its own invoice details (invoice-parties.ts). */
const companyParties = sql`parties as (
  select c.id, d.details, jsonb_strip_nulls(jsonb_build_object('name', c.name, 'legalName', d.details->>'legalName', 'vatNumber', d.details->>'vatNumber',
         'registrationNumber', d.details->>'registrationNumber', 'iban', d.details->>'iban', 'bic', d.details->>'bic',
         'address', coalesce(c.address, '{}'::jsonb) || coalesce(d.details->'address', '{}'::jsonb))) as party
  from company c
  left join lateral (select details from company_invoice_detail where company_id = c.id and talent_id is null order by updated_at desc limit 1) d on true)`;

/** The number of this month (UTC) counted in months from year 0, as billing.year * 12 + billing.month counts a billing's. */
const thisMonth = sql`(extract(year from now() at time zone 'UTC')::int * 12 + extract(month from now() at time zone 'UTC')::int)`;

/** The tenant's billings with their assignment and month (`b.period`, `b.m` months back), for the statements that follow them. */
const tenantBillings = sql`tenant_billings as (
  select x.*, ${monthStart(sql`x.m`)} as period from (
    select bl.*, a.n, a.sales, a.title, a.profile_name, a.client_company_id, ${thisMonth} - (bl.year * 12 + bl.month) as m
    from billing bl join assignments a on a.id = bl.job_assignment_id) x)`;

export async function seedLargeTenantMoney(db: AppDatabase, companyId: string, options: LargeTenantMoneyOptions, step: (name: (typeof LARGE_TENANT_MONEY_STEPS)[number]) => void): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const months = Math.max(1, Math.ceil(options.billings / Math.max(1, options.assignments)));

  step('assignments');
  // The verified companies beside this one are its clients (linked as the product links them);
  // every fourth assignment is a sale to one of them, the others are placements with the company.
  counts.company_on_provider_company = await insertRows(db, sql`
    insert into company_on_provider_company (company_id, provider_company_id, status, proposed_by_company_id, created_at, updated_at)
    select id, ${companyId}, 'accepted', ${companyId}, ${monthStart(sql`${months}::int`)} at time zone 'UTC', ${monthStart(sql`${months}::int`)} at time zone 'UTC'
    from company where id <> ${companyId} and deleted_at is null and verification_status = 'verified'
    on conflict do nothing`);
  counts.job_assignment = await insertRows(db, sql`
    with template as (
      select * from job_assignment where client_company_id = ${companyId} and provider_company_id is null and deleted_at is null order by created_at limit 1),
    people as (
      select r.talent_profile_id, (row_number() over (order by r.created_at, r.id) - 1)::int as n, count(*) over ()::int as total
      from company_talent_roster r join talent_profile p on p.id = r.talent_profile_id
      where r.company_id = ${companyId} and r.consent = 'accepted' and r.deleted_at is null and p.email like 'talent-%@talents.large.test'),
    roles as (
      select id, (row_number() over (order by created_at, id) - 1)::int as n, count(*) over ()::int as total
      from job_description where company_id = ${companyId} and deleted_at is null),
    clients as (
      select company_id as id, (row_number() over (order by company_id) - 1)::int as n, count(*) over ()::int as total
      from company_on_provider_company where provider_company_id = ${companyId} and status = 'accepted'),
    wanted as (
      select g, ${monthStart(sql`${months - 1}::int`)}::date as start_date,
             (${monthStart(sql`${months - 1}::int`)} - (7 + g % 21) * interval '1 day' + interval '9 hours') at time zone 'UTC' as created_at
      from generate_series(1, ${options.assignments}::int) g)
    insert into job_assignment (job_description_id, talent_profile_id, sales_company_id, provider_company_id, client_company_id, client_prices_is_visible_to_talent,
      assignment_currency, team, cost_center, talent_note, start_date, end_date, created_at, updated_at)
    select roles.id, people.talent_profile_id,
           case when clients.id is not null then ${companyId}::uuid end, case when clients.id is not null then ${companyId}::uuid end,
           coalesce(clients.id, ${companyId}::uuid), clients.id is null and coalesce(t.client_prices_is_visible_to_talent, true),
           coalesce(t.assignment_currency, 'EUR'), t.team, t.cost_center, t.talent_note, wanted.start_date, null,
           wanted.created_at, wanted.created_at
    from wanted
    join people on people.n = (wanted.g - 1) % people.total
    left join roles on roles.n = wanted.g % roles.total
    left join clients on wanted.g % 4 = 0 and clients.n = (wanted.g / 4) % clients.total
    left join template t on true`);
  // The talents placed five years ago have been on the roster since.
  await insertRows(db, sql`
    update company_talent_roster r set created_at = a.created_at, consent_answered_at = a.created_at
    from job_assignment a
    where r.company_id = ${companyId} and a.talent_profile_id = r.talent_profile_id and coalesce(a.provider_company_id, a.client_company_id) = ${companyId} and a.created_at < r.created_at`);

  step('billings');
  // A month's billing moves on as the months go: this month's is the talent's draft, last
  // month's is sent (a few rejected, to be corrected), the month before approved or invoiced,
  // then invoiced or paid, and every older one paid.
  counts.billing = await insertRows(db, sql`
    with ${assignments(companyId)}, ${reviewers(companyId)},
    template as (select rejection_reason from billing where status = 'REJECTED' and rejection_reason is not null order by created_at limit 1),
    planned as (
      select a.*, (g - 1) % ${months}::int as m from generate_series(1, ${options.billings}::int) g join assignments a on a.n = (g - 1) / ${months}::int),
    b as (
      select planned.*, ${monthStart(sql`planned.m`)} as period,
             (case when m = 0 then 'DRAFT' when m = 1 then case when n % 20 = 7 then 'REJECTED' else 'SENT' end
                   when m = 2 then case when n % 2 = 0 then 'APPROVED' else 'INVOICED' end
                   when m = 3 then case when n % 3 = 0 then 'INVOICED' else 'PAID' end else 'PAID' end)::billing_status as status
      from planned)
    insert into billing (external_id, talent_profile_id, job_assignment_id, created_by_id, amount, sales_amount, currency, year, month, status, due_date,
      sent_at, approved_at, approved_by_id, purchase_order_number, rejected_at, rejected_by_id, rejection_reason, invoiced_at, invoiced_by_id, paid_at, paid_by_id, created_at, updated_at)
    select 'BIL-' || to_char(b.period, 'YYYYMM') || '-LT' || (b.n + 1), b.talent_profile_id, b.id, b.talent_user_id,
           (select sum(round(l.quantity * l.price, 2)) from ${lines}),
           case when b.sales then (select sum(round(l.quantity * l.client_price, 2)) from ${lines}) end,
           coalesce(b.currency, 'EUR'), extract(year from b.period)::int, extract(month from b.period)::int, b.status, (b.period + interval '1 month 14 days')::date,
           case when b.status <> 'DRAFT' then ${inMonth('1 month -7 hours')} end,
           case when b.status in ('APPROVED', 'INVOICED', 'PAID') then ${inMonth('1 month 17 hours')} end,
           case when b.status in ('APPROVED', 'INVOICED', 'PAID') then r.user_id end,
           case when b.status in ('APPROVED', 'INVOICED', 'PAID') then 'PO-' || to_char(b.period, 'YYYYMM') || '-' || (b.n + 1) end,
           case when b.status = 'REJECTED' then ${inMonth('1 month 17 hours')} end,
           case when b.status = 'REJECTED' then r.user_id end,
           case when b.status = 'REJECTED' then coalesce(template.rejection_reason, 'The days do not match the timesheet.') end,
           case when b.status in ('INVOICED', 'PAID') then ${inMonth('1 month 4 days 9 hours')} end,
           case when b.status in ('INVOICED', 'PAID') then r.user_id end,
           case when b.status = 'PAID' then ${inMonth('1 month 19 days 9 hours')} end,
           case when b.status = 'PAID' then r.user_id end,
           case when b.status = 'DRAFT' then ${inMonth('1 day 9 hours')} else ${inMonth('1 month -7 hours')} end,
           case b.status when 'DRAFT' then ${inMonth('1 day 9 hours')} when 'SENT' then ${inMonth('1 month -7 hours')}
                when 'APPROVED' then ${inMonth('1 month 17 hours')} when 'REJECTED' then ${inMonth('1 month 17 hours')}
                when 'INVOICED' then ${inMonth('1 month 4 days 9 hours')} else ${inMonth('1 month 19 days 9 hours')} end
    from b join reviewers r on r.n = b.n % r.total left join template on true`);
  // A millisecond apart, as the product writes them: lines are read back in that order.
  counts.billing_line_item = await insertRows(db, sql`
    with ${assignments(companyId)}, ${tenantBillings}
    insert into billing_line_item (description, amount, unit, quantity, price, currency, billing_id, created_by_id, created_at, updated_at)
    select l.description, round(l.quantity * l.price, 2), l.unit::rate_unit, l.quantity, l.price, b.currency, b.id, b.created_by_id,
           b.created_at + (l.line - 1) * interval '1 millisecond', b.created_at + (l.line - 1) * interval '1 millisecond'
    from tenant_billings b cross join lateral ${lines}`);

  step('invoices');
  // The company issues them all: its own sales invoices to its clients, and self-billed ones
  // in the talent's name for its placements (the party copied from the demo's self-billed
  // invoice). Numbers follow the issue dates, per year, after those the company already gave.
  counts.invoice = await insertRows(db, sql`
    with ${assignments(companyId)}, ${tenantBillings}, ${companyParties},
    template as (
      select seller, invoice_details from invoice
      where issuer_company_id = ${companyId} and self_billed and kind = 'INVOICE' and issued_at is not null and deleted_at is null order by issued_at limit 1),
    issued as (
      select b.*, extract(year from b.invoiced_at at time zone 'UTC')::int as issue_year from tenant_billings b where b.status in ('INVOICED', 'PAID')),
    given as (select year, max(sequence) as last from invoice where issuer_company_id = ${companyId} and sequence is not null group by year),
    numbered as (
      select issued.*, coalesce(given.last, 0) + row_number() over (partition by issued.issue_year order by issued.invoiced_at, issued.id) as sequence
      from issued left join given on given.year = issued.issue_year),
    b as (
      select numbered.*, case when numbered.sales then numbered.sales_amount else numbered.amount end as total,
             jsonb_strip_nulls(jsonb_build_object('country', template.seller #>> '{address,country}')) as talent_address, template.invoice_details as talent_details
      from numbered left join template on true)
    insert into invoice (created_by_id, from_company_id, to_company_id, job_assignment_id, talent_profile_id, billing_id, total, currency, description, status,
      invoice_details, due_date, issuer_company_id, kind, self_billed, number, year, sequence, issued_at, net_total, vat_total, vat_rate, lines, seller, buyer,
      paid_at, paid_by_id, created_at, updated_at)
    select b.invoiced_by_id, case when b.sales then ${companyId}::uuid end, b.client_company_id, b.job_assignment_id, b.talent_profile_id, b.id, b.total, b.currency,
           (select l.description from ${lines} where l.line = 1) || case when b.sales then '' else ${`. ${SELF_BILLING_MENTION}`}::text end,
           (case when b.status = 'PAID' then 'PAID' else 'UNPAID' end)::invoice_status,
           case when b.sales then coalesce(issuer.details, '{}'::jsonb)
                else jsonb_strip_nulls(jsonb_build_object('legalName', b.profile_name, 'address', b.talent_address, 'paymentTermsDays', b.talent_details->'paymentTermsDays')) end,
           ((b.invoiced_at at time zone 'UTC') + interval '30 days')::date, ${companyId}, 'INVOICE', not b.sales,
           ${INVOICE_NUMBER_PREFIX}::text || '-' || b.issue_year || '-' || case when b.sequence < 10000 then lpad(b.sequence::text, 4, '0') else b.sequence::text end,
           b.issue_year, b.sequence, b.invoiced_at, b.total, 0, 0,
           (select jsonb_agg(jsonb_build_object('description', l.description, 'quantity', l.quantity::numeric(12, 2)::text,
                   'unitCode', case l.unit when 'HOUR' then 'HUR' else 'DAY' end,
                   'price', (case when b.sales then l.client_price else l.price end)::numeric(14, 2)::text,
                   'amount', round(l.quantity * case when b.sales then l.client_price else l.price end, 2)::text) order by l.line) from ${lines}),
           case when b.sales then issuer.party else jsonb_strip_nulls(jsonb_build_object('name', b.profile_name, 'legalName', b.profile_name, 'address', b.talent_address)) end,
           case when b.sales then client.party else issuer.party end,
           b.paid_at, b.paid_by_id, b.invoiced_at, coalesce(b.paid_at, b.invoiced_at)
    from b join parties issuer on issuer.id = ${companyId} join parties client on client.id = b.client_company_id`);
  // Issuing a new invoice goes on from the last number given in its year.
  counts.invoice_number_counter = await insertRows(db, sql`
    insert into invoice_number_counter (company_id, year, last_sequence)
    select issuer_company_id, year, max(sequence) from invoice where issuer_company_id = ${companyId} and sequence is not null group by issuer_company_id, year
    on conflict (company_id, year) do update set last_sequence = excluded.last_sequence`);

  step('ledger');
  // Each paid billing credits the salary, takes the commission and a fee, pays out what is
  // left in whole hundreds, then adds an allowance (and, to reach the asked count, a bonus):
  // balances stay positive and grow slowly, like the demo talent's. The most essential kinds
  // come first should the count cut them.
  counts.talent_balance_transaction = await insertRows(db, sql`
    with ${assignments(companyId)}, ${tenantBillings},
    paid as (
      select b.id, b.amount, b.currency, b.paid_at, b.paid_by_id, b.job_assignment_id, r.id as roster_id, round(b.amount * 0.05, 2) as commission,
             (5 + ((b.n + b.m) % 4) * 2.5)::numeric as fee, (20 + ((b.n + b.m) % 9) * 10)::numeric as allowance
      from tenant_billings b join company_talent_roster r on r.company_id = ${companyId} and r.talent_profile_id = b.talent_profile_id
      where b.status = 'PAID'),
    per as (select greatest(1, ceil(${options.ledgerEntries}::numeric / greatest(count(*), 1)))::int as entries from paid),
    entries as (
      select paid.*, k, least(paid.paid_at + case k when 0 then interval '0' when 1 then interval '1 minute' when 2 then interval '3 days'
                                                   when 3 then interval '1 day' when 4 then interval '5 days' else interval '10 days' end, now() - interval '1 minute') as at
      from paid cross join per cross join generate_series(0, per.entries - 1) k)
    insert into talent_balance_transaction (company_talent_roster_id, change, currency, company_id, job_assignment_id, created_by_id, type, created_at, updated_at)
    select roster_id,
           case k when 0 then amount when 1 then -commission when 2 then -(floor((amount - commission - fee) / 100) * 100) when 3 then -fee when 4 then allowance else 25 end,
           currency, ${companyId}, case when k < 2 then job_assignment_id end, paid_by_id,
           (case k when 0 then 'SALARY' when 1 then 'COMISSION' when 2 then 'WITHDRAWAL' else 'MISC' end)::balance_transaction_type, at, at
    from entries order by k, paid_at desc, id limit ${options.ledgerEntries}::int`);
  // A roster entry's balance is the running sum of its ledger.
  await insertRows(db, sql`
    update company_talent_roster r set balance = s.balance
    from (select company_talent_roster_id, sum(change) as balance from talent_balance_transaction where company_id = ${companyId} group by company_talent_roster_id) s
    where r.id = s.company_talent_roster_id`);
  return counts;
}
