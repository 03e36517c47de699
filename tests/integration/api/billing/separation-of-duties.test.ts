import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOf } from '../../../../src/lib/billing/billing-period';
import { billing, company, companyInvoiceDetail, companyTalentRoster, generalEventslog, invoice, jobAssignment, talentBalanceTransaction } from '../../../../src/server/db/schema';
import { startImpersonating, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Separation of duties, performed as the attack: Tala is a talent billing company A and
// also a member of A whose role may review billings, invoice them and book the roster
// ledger. Whatever her role allows, she may not approve, reject, invoice, mark paid,
// credit or book anything that concerns herself; an impersonator may not do it for himself
// through the account he acts as. Each refusal is FORBIDDEN (separationOfDuties) and
// writes nothing. Otto, another talent, shows she may do all of it for someone else.

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const CREATE_BILLING = 'mutation ($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id } }';
const SEND = 'mutation ($id: ID!) { sendMyBilling(id: $id) { id } }';
const REVIEWED = 'concernsYou canApprove canReject canInvoice billing { id status }';
const FIND_BILLING = `query ($id: ID!) { findBilling(id: $id) { ${REVIEWED} } }`;
const APPROVE = `mutation ($id: ID!) { approveBilling(id: $id, data: { purchaseOrderNumber: "PO-1" }) { ${REVIEWED} } }`;
const REJECT = `mutation ($id: ID!) { rejectBilling(id: $id, data: { reason: "Not like this" }) { ${REVIEWED} } }`;
const INVOICE_FIELDS = 'id number status concernsYou canIssue canDelete canMarkPaid canCredit';
const DRAFT = `mutation ($billingId: ID!) { createOneInvoice(data: { billingId: $billingId, vatRate: "0", vatExemptionReason: "Not subject to VAT" }) { ${INVOICE_FIELDS} } }`;
const FIND_INVOICE = `query ($id: ID!) { findInvoice(id: $id) { ${INVOICE_FIELDS} } }`;
const ISSUE = `mutation ($id: ID!) { issueInvoice(id: $id) { ${INVOICE_FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneInvoice(id: $id) }';
const PAID = `mutation ($id: ID!) { markInvoicePaid(id: $id) { ${INVOICE_FIELDS} } }`;
const CREDIT = `mutation ($id: ID!) { createCreditNote(invoiceId: $id, reason: "Cancelled") { ${INVOICE_FIELDS} } }`;
const BOOK = 'mutation ($rosterId: ID!, $change: String!) { createOneTalentBalanceTransaction(companyTalentRosterId: $rosterId, data: { type: SALARY, change: $change }) { id balanceAfter } }';
const REVERSE = 'mutation ($id: ID!) { reverseTalentBalanceTransaction(id: $id) { id } }';
const ROSTER = '{ findManyCompanyTalentRoster { items { id concernsYou } } }';

const extensionsOf = (body: GraphqlBody) => body.errors?.[0]?.extensions as { code?: string; reason?: string } | undefined;
const refusedForDuties = (body: GraphqlBody) => {
  expect(extensionsOf(body)).toMatchObject({ code: 'FORBIDDEN', reason: 'separationOfDuties' });
  expect(body.errors?.[0]?.message).toMatch(/concerns you/);
};

function monthsAgo(count: number) {
  const now = periodOf(new Date());
  const index = now.year * 12 + now.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

describeEachDatabase('separation of duties', (kind) => {
  let f: CompaniesFixture;
  const profiles: Record<'tala' | 'otto' | 'support', string> = { tala: '', otto: '', support: '' };
  let supportToken = '';
  const bill = async (subject: keyof typeof profiles, ago: number) => {
    const token = subject === 'support' ? supportToken : await f.h.token(subject);
    const [assignment] = await f.h.database.db
      .select({ id: jobAssignment.id })
      .from(jobAssignment)
      .where(and(eq(jobAssignment.talentProfileId, profiles[subject]), eq(jobAssignment.clientCompanyId, f.a.id)));
    const created = await f.h.call(CREATE_BILLING, {
      token,
      variables: { data: { jobAssignmentId: assignment!.id, ...monthsAgo(ago), lines: [{ description: 'Development (hours)', unit: 'HOUR', quantity: '10', price: '500.00' }] } },
    });
    const id = (created.body.data?.createMyBilling as { id: string }).id;
    expect((await f.h.call(SEND, { token, variables: { id } })).body.errors).toBeUndefined();
    return id;
  };
  const statusOf = async (id: string) => (await f.h.database.db.select({ status: billing.status }).from(billing).where(eq(billing.id, id)))[0]?.status;
  const eventCount = async () => (await f.h.database.db.select({ id: generalEventslog.id }).from(generalEventslog)).length;

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    supportToken = await f.h.token('support', { roles: ['super:impersonate'] });
    const start = `${monthsAgo(10).year}-${String(monthsAgo(10).month).padStart(2, '0')}-01`;
    for (const subject of ['tala', 'otto', 'support'] as const) {
      const token = subject === 'support' ? supportToken : await f.h.token(subject);
      const profile = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: `${subject} Talent` } } });
      profiles[subject] = (profile.body.data?.createOneTalentProfile as { id: string }).id;
      await f.h.database.db.insert(jobAssignment).values({ talentProfileId: profiles[subject], clientCompanyId: f.a.id, assignmentCurrency: 'EUR', startDate: start });
      await f.h.database.db.insert(companyInvoiceDetail).values({ companyId: f.a.id, talentId: profiles[subject], currency: 'EUR', details: { legalName: `${subject} EI`, address: { street: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' } } });
    }
    // Tala's role in A may review and invoice billings and book the ledger: every duty in question.
    await f.memberWithRole('tala', f.a.id, 'Billing clerk', { jobAssignment: { read: true, update: true }, companyTalentRoster: { read: true, create: true, update: true } });
    await f.h.database.db.update(company).set({ country: 'DE', address: { street: 'Unter den Linden 1', postalCode: '10117', city: 'Berlin', country: 'DE' } }).where(eq(company.id, f.a.id));
  });
  afterAll(() => f.h.close());

  it('the probe: she may not approve or reject her own billing; it stays SENT and nothing is recorded', async () => {
    const own = await bill('tala', 1);
    const seen = (await f.as('tala', FIND_BILLING, { id: own }, f.a.id)).body.data?.findBilling;
    expect(seen).toMatchObject({ concernsYou: true, canApprove: false, canReject: false, canInvoice: false });
    const since = await eventCount();
    const approved = await f.as('tala', APPROVE, { id: own }, f.a.id);
    expect(approved.status).toBe(403);
    refusedForDuties(approved.body);
    refusedForDuties((await f.as('tala', REJECT, { id: own }, f.a.id)).body);
    expect(await statusOf(own)).toBe('SENT');
    expect(await eventCount()).toBe(since);

    // Someone else's billing she reviews as her role allows.
    const otto = await bill('otto', 1);
    expect((await f.as('tala', FIND_BILLING, { id: otto }, f.a.id)).body.data?.findBilling).toMatchObject({ concernsYou: false, canApprove: true });
    expect((await f.as('tala', APPROVE, { id: otto }, f.a.id)).body.errors).toBeUndefined();
    expect(await statusOf(otto)).toBe('APPROVED');
  });

  it('she may not prepare, issue, delete, mark paid or credit an invoice of her own billing; the owner may', async () => {
    const own = await bill('tala', 2);
    expect((await f.as('owner-a', APPROVE, { id: own }, f.a.id)).body.errors).toBeUndefined();
    const since = await eventCount();
    refusedForDuties((await f.as('tala', DRAFT, { billingId: own }, f.a.id)).body);
    expect(await f.h.database.db.select().from(invoice).where(eq(invoice.billingId, own))).toEqual([]);
    expect(await eventCount()).toBe(since);

    const drafted = (await f.as('owner-a', DRAFT, { billingId: own }, f.a.id)).body.data?.createOneInvoice as { id: string };
    expect((await f.as('tala', FIND_INVOICE, { id: drafted.id }, f.a.id)).body.data?.findInvoice).toMatchObject({ concernsYou: true, canIssue: false, canDelete: false });
    expect((await f.as('owner-a', FIND_INVOICE, { id: drafted.id }, f.a.id)).body.data?.findInvoice).toMatchObject({ concernsYou: false, canIssue: true, canDelete: true });
    const beforeIssue = await eventCount();
    refusedForDuties((await f.as('tala', ISSUE, { id: drafted.id }, f.a.id)).body);
    refusedForDuties((await f.as('tala', DELETE, { id: drafted.id }, f.a.id)).body);
    const [draft] = await f.h.database.db.select().from(invoice).where(eq(invoice.id, drafted.id));
    expect(draft).toMatchObject({ number: null, issuedAt: null, deletedAt: null });
    expect(await statusOf(own)).toBe('APPROVED');
    expect(await eventCount()).toBe(beforeIssue);

    const issued = (await f.as('owner-a', ISSUE, { id: drafted.id }, f.a.id)).body.data?.issueInvoice as { number: string };
    expect(issued.number).toBeTruthy();
    expect((await f.as('tala', FIND_INVOICE, { id: drafted.id }, f.a.id)).body.data?.findInvoice).toMatchObject({ concernsYou: true, canMarkPaid: false, canCredit: false });
    const beforePaid = await eventCount();
    refusedForDuties((await f.as('tala', PAID, { id: drafted.id }, f.a.id)).body);
    refusedForDuties((await f.as('tala', CREDIT, { id: drafted.id }, f.a.id)).body);
    expect((await f.h.database.db.select({ status: invoice.status }).from(invoice).where(eq(invoice.id, drafted.id)))[0]?.status).toBe('UNPAID');
    expect(await f.h.database.db.select().from(invoice).where(eq(invoice.creditedInvoiceId, drafted.id))).toEqual([]);
    expect(await statusOf(own)).toBe('INVOICED');
    expect(await f.h.database.db.select().from(companyTalentRoster).where(eq(companyTalentRoster.talentProfileId, profiles.tala))).toEqual([]);
    expect(await eventCount()).toBe(beforePaid);

    expect((await f.as('owner-a', PAID, { id: drafted.id }, f.a.id)).body.data?.markInvoicePaid).toMatchObject({ status: 'PAID' });
    expect(await statusOf(own)).toBe('PAID');
  });

  it('she may not book +5000 on her own roster balance, nor reverse an entry of it; on Otto\'s she may', async () => {
    const [mine] = await f.h.database.db.select().from(companyTalentRoster).where(and(eq(companyTalentRoster.companyId, f.a.id), eq(companyTalentRoster.talentProfileId, profiles.tala)));
    const balance = mine!.balance;
    const [ottos] = await f.h.database.db.insert(companyTalentRoster).values({ companyId: f.a.id, talentProfileId: profiles.otto, currency: 'EUR', balance: '0.00', consent: 'accepted' }).returning();
    const items = ((await f.as('tala', ROSTER, {}, f.a.id)).body.data?.findManyCompanyTalentRoster as { items: Array<{ id: string; concernsYou: boolean }> }).items;
    expect(Object.fromEntries(items.map((item) => [item.id, item.concernsYou]))).toEqual({ [mine!.id]: true, [ottos!.id]: false });

    const since = await eventCount();
    const booked = await f.as('tala', BOOK, { rosterId: mine!.id, change: '5000.00' }, f.a.id);
    expect(booked.status).toBe(403);
    refusedForDuties(booked.body);
    const [salary] = await f.h.database.db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, mine!.id));
    refusedForDuties((await f.as('tala', REVERSE, { id: salary!.id }, f.a.id)).body);
    expect((await f.h.database.db.select().from(companyTalentRoster).where(eq(companyTalentRoster.id, mine!.id)))[0]?.balance).toBe(balance);
    expect(await f.h.database.db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, mine!.id))).toHaveLength(1);
    expect(await eventCount()).toBe(since);

    expect((await f.as('tala', BOOK, { rosterId: ottos!.id, change: '50.00' }, f.a.id)).body.data?.createOneTalentBalanceTransaction).toMatchObject({ balanceAfter: '50.00' });
  });

  it('an impersonator may not approve his own billing through the member he acts as', async () => {
    const own = await bill('support', 3);
    await startImpersonating(f.h, supportToken, 'owner-a');
    const headers = { 'x-impersonate-as': 'owner-a', 'tp-domain': 'company', 'tp-company': f.a.id };
    const asOwner = (query: string, variables: Record<string, unknown>) => f.h.call(query, { token: supportToken, headers, variables });
    expect((await asOwner(FIND_BILLING, { id: own })).body.data?.findBilling).toMatchObject({ concernsYou: true, canApprove: false });
    refusedForDuties((await asOwner(APPROVE, { id: own })).body);
    expect(await statusOf(own)).toBe('SENT');
    // The member he acts as is not concerned: on someone else's billing he acts as her.
    const otto = await bill('otto', 3);
    expect((await asOwner(APPROVE, { id: otto })).body.errors).toBeUndefined();
  });
});
