import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { formatInvoiceNumber } from '../../../src/lib/invoices/invoice-numbering';
import { scaledLargeTenant, seedLargeTenant, type LargeTenantSummary } from '../../../src/server/db/seed/large-tenant';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The large tenant of the seed (`npm run seed -- --large-tenant`, docs/benchmarks.md), at a
// hundredth of its size: Northwind Labs grows by the counts asked, each row shaped as the
// product writes it, and the company's rules still hold (its own steps, one application per
// talent and ad; billings it reviews, invoices numbered without gaps, ledgers that add up).

const tenant = scaledLargeTenant(0.01);

describeEachDatabase('the large tenant seed', (kind) => {
  const database = useSeededTestDatabase(kind);
  let summary: LargeTenantSummary;
  beforeAll(async () => {
    summary = await seedLargeTenant(database.db, tenant);
  }, 120_000);

  const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0]!;
  const all = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows;
  /** The billings of the tenant's talents (the demo talent's own are not the tenant's). */
  const tenantBillings = sql`select b.* from billing b join talent_profile p on p.id = b.talent_profile_id where p.email like 'talent-%@talents.large.test'`;

  it('adds the asked counts of members, ads, applications, roster entries and events to Northwind Labs', async () => {
    expect(summary.counts).toMatchObject({ company_on_user: tenant.members, job_ad: tenant.jobAds, talent_job_application: tenant.applications, company_talent_roster: tenant.roster, general_eventslog: tenant.events });
    // The newest of the ads added holds the big share.
    const big = await one<{ n: number }>(sql`
      select count(*)::int as n from talent_job_application
      where job_ad_id = (select id from job_ad where publisher_company_id = ${summary.companyId} and title like '% #%' order by published_at desc, id limit 1)`);
    expect(big.n).toBe(tenant.bigAdApplications);
    const members = await one<{ n: number }>(sql`select count(*)::int as n from company_on_user m join company_role r on r.id = m.role_id where m.company_id = ${summary.companyId} and r.role = 'Recruiter'`);
    expect(members.n).toBeGreaterThanOrEqual(tenant.members);
  });

  it('adds the asked count of talent profiles to the talent search, without accounts, hidden ones included, spread over the years', async () => {
    expect(summary.counts.talent_pool).toBe(tenant.profiles);
    const pool = await one<{ n: number; accounts: number; hidden: number; years: number }>(sql`
      select count(*)::int as n, count(user_id)::int as accounts, count(*) filter (where not is_visible)::int as hidden,
             extract(epoch from max(updated_at) - min(updated_at)) / 31557600 as years
      from talent_profile where email like 'profile-%@pool.large.test'`);
    expect(pool).toMatchObject({ n: tenant.profiles, accounts: 0 });
    expect(pool.hidden).toBeGreaterThan(0);
    expect(Number(pool.years)).toBeGreaterThan(tenant.years - 1);
  });

  it("puts every application in one of the company's own steps, spread over the years, with open and closed ads", async () => {
    const foreign = await one<{ n: number }>(sql`
      select count(*)::int as n from talent_job_application a join job_ad j on j.id = a.job_ad_id join company_hiring_step s on s.id = a.company_hiring_step_id
      where j.publisher_company_id = ${summary.companyId} and s.company_id <> ${summary.companyId}`);
    expect(foreign.n).toBe(0);
    const span = await one<{ years: number }>(sql`select extract(epoch from max(created_at) - min(created_at)) / 31557600 as years from talent_job_application where talent_profile_id in (select id from talent_profile where email like 'talent-%@talents.large.test')`);
    expect(Number(span.years)).toBeGreaterThan(tenant.years - 0.5);
    const ads = await one<{ open: number; closed: number }>(sql`
      select count(*) filter (where published_until > now())::int as open, count(*) filter (where published_until <= now())::int as closed
      from job_ad where publisher_company_id = ${summary.companyId} and title like '% #%'`);
    expect(ads.open).toBeGreaterThan(0);
    expect(ads.closed).toBeGreaterThan(0);
  });

  it('adds the asked counts of assignments, billings and ledger entries, and an invoice for each invoiced or paid billing', async () => {
    expect(summary.counts).toMatchObject({ job_assignment: tenant.assignments, billing: tenant.billings, talent_balance_transaction: tenant.ledgerEntries });
    const rows = await one<{ billings: number; invoiced: number; invoices: number; lines: number }>(sql`
      select count(*)::int as billings, count(*) filter (where b.status in ('INVOICED', 'PAID'))::int as invoiced,
             (select count(*)::int from invoice i where i.billing_id in (select id from (${tenantBillings}) t)) as invoices,
             (select count(*)::int from billing_line_item l where l.billing_id in (select id from (${tenantBillings}) t)) as lines
      from (${tenantBillings}) b`);
    expect(rows.billings).toBe(tenant.billings);
    expect(rows.invoices).toBe(rows.invoiced);
    expect(summary.counts.invoice).toBe(rows.invoiced);
    expect(rows.invoiced).toBeGreaterThan(tenant.billings * 0.9);
    expect(rows.lines).toBeGreaterThanOrEqual(tenant.billings);
    expect(rows.lines).toBeLessThanOrEqual(tenant.billings * 2);
    const span = await one<{ months: number }>(sql`select max(year * 12 + month) - min(year * 12 + month) + 1 as months from (${tenantBillings}) b`);
    expect(span.months).toBe(tenant.years * 12);
  });

  it("makes every billing, invoice and ledger entry Northwind's as its pages read them", async () => {
    const nw = summary.companyId;
    const foreign = await one<{ billings: number; off_roster: number; invoices: number; ledger: number; sales: number; placements: number }>(sql`
      select (select count(*)::int from (${tenantBillings}) b join job_assignment a on a.id = b.job_assignment_id
              where coalesce(a.provider_company_id, a.client_company_id) is distinct from ${nw}) as billings,
             (select count(*)::int from (${tenantBillings}) b where not exists (
                select 1 from company_talent_roster r where r.company_id = ${nw} and r.talent_profile_id = b.talent_profile_id and r.consent = 'accepted' and r.deleted_at is null)) as off_roster,
             (select count(*)::int from invoice i join (${tenantBillings}) b on b.id = i.billing_id
              where i.issuer_company_id is distinct from ${nw} or (i.self_billed and i.to_company_id is distinct from ${nw}) or (not i.self_billed and i.from_company_id is distinct from ${nw})) as invoices,
             (select count(*)::int from talent_balance_transaction x join company_talent_roster r on r.id = x.company_talent_roster_id join talent_profile p on p.id = r.talent_profile_id
              where p.email like 'talent-%@talents.large.test' and (x.company_id <> ${nw} or r.company_id <> ${nw})) as ledger,
             (select count(*)::int from invoice i join (${tenantBillings}) b on b.id = i.billing_id where not i.self_billed) as sales,
             (select count(*)::int from invoice i join (${tenantBillings}) b on b.id = i.billing_id where i.self_billed) as placements`);
    expect(foreign).toMatchObject({ billings: 0, off_roster: 0, invoices: 0, ledger: 0 });
    // Both kinds show: the sales page and sales invoices, the self-billed ones.
    expect(foreign.sales).toBeGreaterThan(0);
    expect(foreign.placements).toBeGreaterThan(0);
    const sold = await one<{ n: number }>(sql`
      select count(*)::int as n from billing b join job_assignment a on a.id = b.job_assignment_id
      where a.sales_company_id = ${nw} and a.provider_company_id = ${nw} and a.client_company_id <> ${nw} and b.status in ('APPROVED', 'INVOICED', 'PAID')`);
    expect(sold.n).toBeGreaterThan(0);
  });

  it('numbers invoices without gaps per issuer and year, with the counter at the last number', async () => {
    const invoices = await all<{ issuer: string; year: number; sequence: number; number: string; counter: number | null }>(sql`
      select i.issuer_company_id as issuer, i.year, i.sequence, i.number, c.last_sequence as counter
      from invoice i left join invoice_number_counter c on c.company_id = i.issuer_company_id and c.year = i.year
      where i.issued_at is not null order by 1, 2, 3`);
    const years = new Map<string, typeof invoices>();
    for (const row of invoices) years.set(`${row.issuer} ${row.year}`, [...(years.get(`${row.issuer} ${row.year}`) ?? []), row]);
    expect(years.size).toBeGreaterThanOrEqual(tenant.years);
    for (const rows of years.values()) {
      expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
      expect(rows.map((row) => row.number)).toEqual(rows.map((row) => formatInvoiceNumber(row.year, row.sequence)));
      expect(rows[0]!.counter).toBe(rows.length);
    }
  });

  it("keeps each billing's trail, invoice and ledger consistent with its status", async () => {
    const statuses = await all<{ status: string; n: number; bad: number }>(sql`
      select b.status, count(*)::int as n, count(*) filter (where not (
        (b.sent_at is not null) = (b.status <> 'DRAFT')
        and (b.approved_at is not null and b.approved_by_id is not null) = (b.status in ('APPROVED', 'INVOICED', 'PAID'))
        and (b.rejected_at is not null and b.rejection_reason is not null) = (b.status = 'REJECTED')
        and (b.invoiced_at is not null) = (b.status in ('INVOICED', 'PAID'))
        and (b.paid_at is not null and b.paid_by_id is not null) = (b.status = 'PAID')
        and (select count(*) from invoice i where i.billing_id = b.id) = case when b.status in ('INVOICED', 'PAID') then 1 else 0 end
        and coalesce((select (i.status = 'PAID') = (b.status = 'PAID') and i.paid_at is not distinct from b.paid_at and i.issued_at = b.invoiced_at and i.total = coalesce(b.sales_amount, b.amount) from invoice i where i.billing_id = b.id), true)
        and b.amount = (select sum(l.amount) from billing_line_item l where l.billing_id = b.id)
        and greatest(b.created_at, b.sent_at, b.approved_at, b.rejected_at, b.invoiced_at, b.paid_at) <= now()))::int as bad
      from (${tenantBillings}) b group by b.status order by b.status::text`);
    expect(statuses.map((row) => row.status)).toEqual(['APPROVED', 'DRAFT', 'INVOICED', 'PAID', 'REJECTED', 'SENT']);
    expect(statuses.filter((row) => row.bad > 0)).toEqual([]);
    const ledger = await one<{ types: string[]; negative: number; unbalanced: number }>(sql`
      select (select array_agg(distinct type::text order by type::text) from talent_balance_transaction where company_id = ${summary.companyId}) as types,
             (select count(*)::int from (select sum(change) over (partition by company_talent_roster_id order by created_at, id) as balance
                                          from talent_balance_transaction where company_id = ${summary.companyId}) x where balance < 0) as negative,
             (select count(*)::int from company_talent_roster r where r.company_id = ${summary.companyId}
                and r.balance <> coalesce((select sum(change) from talent_balance_transaction x where x.company_talent_roster_id = r.id), 0)) as unbalanced`);
    expect(ledger).toEqual({ types: ['COMISSION', 'MISC', 'SALARY', 'WITHDRAWAL'], negative: 0, unbalanced: 0 });
  });
});
