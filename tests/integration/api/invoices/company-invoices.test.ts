import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOf } from '../../../../src/lib/billing/billing-period';
import { invoiceDocumentOf, type InvoiceDetail } from '../../../../src/lib/invoices/invoicing-pages';
import { renderInvoicePdf } from '../../../../src/lib/invoices/invoice-pdf';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { billing, company, companyInvoiceDetail, companyTalentRoster, invoice, jobAssignment, talentBalanceTransaction, talentProfile } from '../../../../src/server/db/schema';
import { INVOICE_SEARCH_COUNT_CAP } from '../../../../src/server/api/invoices/invoice-types';
import type { GraphqlBody } from '../../../support/api-harness';
import { embeddedFiles, facturXSchemaErrors, invoiceFonts } from '../../../support/factur-x';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const CREATE_BILLING = 'mutation ($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id } }';
const SEND = 'mutation ($id: ID!) { sendMyBilling(id: $id) { id } }';
const APPROVE = 'mutation ($id: ID!) { approveBilling(id: $id, data: { purchaseOrderNumber: "PO-42" }) { billing { status } } }';
const FIELDS = `id kind selfBilled number issuedAt dueDate currency netTotal vatRate vatTotal total vatExemptionReason note status paidAt paidByName createdAt
  talentName fromName toName billingId period purchaseOrderNumber creditedById isIssuer canIssue canDelete canMarkPaid canCredit
  creditedInvoice { id number issuedAt } lines { description quantity unitCode price amount }
  seller { name legalName vatNumber registrationNumber iban bic address { street postalCode city region country } }
  buyer { name legalName vatNumber registrationNumber iban bic address { street postalCode city region country } }`;
const DRAFT = `mutation ($data: InvoiceDraftInput!) { createOneInvoice(data: $data) { ${FIELDS} } }`;
const ISSUE = `mutation ($id: ID!) { issueInvoice(id: $id) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneInvoice(id: $id) }';
const PAID = `mutation ($id: ID!) { markInvoicePaid(id: $id) { ${FIELDS} } }`;
const CREDIT = `mutation ($invoiceId: ID!, $reason: String!) { createCreditNote(invoiceId: $invoiceId, reason: $reason) { ${FIELDS} } }`;
const FIND = `query ($id: ID!) { findInvoice(id: $id) { ${FIELDS} } }`;
const LIST = 'query ($drafts: Boolean) { findManyInvoice(drafts: $drafts) { total items { id number isIssuer } } }';
const MY_BILLING = 'query ($id: ID!) { myBilling(id: $id) { status invoice { number } review { invoicedAt paidAt paidByName } } }';

type Invoice = NonNullable<InvoiceDetail>;
const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const reasonOf = (body: GraphqlBody) => (body.errors?.[0]?.extensions as { reason?: string } | undefined)?.reason;
const fieldCodes = (body: GraphqlBody) => ((body.errors?.[0]?.extensions?.fieldErrors as { code: string }[]) ?? []).map((entry) => entry.code);

function monthsAgo(count: number) {
  const now = periodOf(new Date());
  const index = now.year * 12 + now.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

describeEachDatabase('company invoices', (kind) => {
  /** Whether an issued invoice of this billing stands (not cancelled by a credit note). */
  const standingInvoice = async (billingId: string) => {
    const rows = await f.h.database.db.select({ id: invoice.id, issuedAt: invoice.issuedAt, kind: invoice.kind, creditedInvoiceId: invoice.creditedInvoiceId, deletedAt: invoice.deletedAt }).from(invoice).where(eq(invoice.billingId, billingId));
    const credited = new Set(rows.map((row) => row.creditedInvoiceId).filter(Boolean));
    return rows.some((row) => row.kind === 'INVOICE' && row.issuedAt && !row.deletedAt && !credited.has(row.id));
  };
  let f: CompaniesFixture;
  let talentToken: string;
  let talentProfileId: string;
  /** Approved billings: A reviews three (direct assignment); B, the provider, one. */
  const approved: string[] = [];
  let providedBilling = '';
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { jobAssignment: { read: true } });
    talentToken = await f.h.token('tala');
    const profile = await f.h.call(CREATE_PROFILE, { token: talentToken, variables: { data: { email: 'tala@example.test', profileName: 'Tala Talent' } } });
    talentProfileId = (profile.body.data?.createOneTalentProfile as { id: string }).id;
    const start = `${monthsAgo(10).year}-${String(monthsAgo(10).month).padStart(2, '0')}-01`;
    const [direct, provided] = await f.h.database.db
      .insert(jobAssignment)
      .values([
        { talentProfileId, clientCompanyId: f.a.id, assignmentCurrency: 'EUR', startDate: start },
        { talentProfileId, clientCompanyId: f.a.id, providerCompanyId: f.b.id, assignmentCurrency: 'EUR', startDate: start },
      ])
      .returning();
    const billAndApprove = async (assignmentId: string, ago: number, reviewer: string, companyId: string) => {
      const created = await f.h.call(CREATE_BILLING, {
        token: talentToken,
        variables: { data: { jobAssignmentId: assignmentId, ...monthsAgo(ago), lines: [{ description: 'Development (hours)', unit: 'HOUR', quantity: '10', price: '55.00' }] } },
      });
      const id = (created.body.data?.createMyBilling as { id: string }).id;
      await f.h.call(SEND, { token: talentToken, variables: { id } });
      expect((await f.as(reviewer, APPROVE, { id }, companyId)).body.errors).toBeUndefined();
      return id;
    };
    // 1 to 3 for the numbering, 4 and 5 (their own due dates long past) for the due dates.
    for (const ago of [1, 2, 3, 4, 5]) approved.push(await billAndApprove(direct!.id, ago, 'owner-a', f.a.id));
    providedBilling = await billAndApprove(provided!.id, 1, 'owner-b', f.b.id);
  });
  afterAll(() => f.h.close());

  const draft = async (billingId: string, data: Record<string, unknown> = {}) =>
    (await f.as('owner-a', DRAFT, { data: { billingId, vatRate: '0', vatExemptionReason: 'Not subject to VAT', ...data } }, f.a.id)).body;

  it('checks the draft: VAT rate, a reason when there is no VAT, a billing of its own', async () => {
    expect(fieldCodes(await draft(approved[0]!, { vatRate: '120' }))).toEqual(['vatRateInvalid']);
    expect(fieldCodes(await draft(approved[0]!, { vatExemptionReason: ' ' }))).toEqual(['vatExemptionReasonRequired']);
    expect(fieldCodes(await draft(providedBilling))).toEqual(['billingUnknown']);
    expect(codeOf((await f.as('reader-a', DRAFT, { data: { billingId: approved[0], vatRate: '20' } }, f.a.id)).body)).toBe('FORBIDDEN');
  });

  it('a draft has no number; issuing needs both parties complete, then numbers it and invoices the billing', async () => {
    const created = (await draft(approved[0]!)).data?.createOneInvoice as Invoice;
    expect(created.number).toBeNull();
    expect(created.selfBilled).toBe(true);
    expect(created.canIssue && created.canDelete).toBe(true);
    expect(reasonOf((await draft(approved[0]!)))).toBe('alreadyInvoiced');
    // Company A has no country yet, the talent no invoice details: nothing is numbered.
    expect(reasonOf((await f.as('owner-a', ISSUE, { id: created.id }, f.a.id)).body)).toBe('talentDetailsIncomplete');
    await f.h.database.db.insert(companyInvoiceDetail).values({ companyId: f.a.id, talentId: talentProfileId, currency: 'EUR', details: { legalName: 'Tala Talent EI', vatNumber: 'FR12345678901', address: { street: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' }, iban: 'FR7630006000011234567890189' } });
    expect(reasonOf((await f.as('owner-a', ISSUE, { id: created.id }, f.a.id)).body)).toBe('buyerIncomplete');
    await f.h.database.db.update(company).set({ country: 'DE', address: { street: 'Unter den Linden 1', postalCode: '10117', city: 'Berlin', country: 'DE' } }).where(eq(company.id, f.a.id));
    const issued = (await f.as('owner-a', ISSUE, { id: created.id }, f.a.id)).body.data?.issueInvoice as Invoice;
    expect(issued.number).toBe(`INV-${year}-0001`);
    expect(issued.seller?.name).toBe('Tala Talent');
    expect(issued.buyer?.address?.country).toBe('DE');
    expect(issued.canDelete).toBe(false);
    expect(reasonOf((await f.as('owner-a', DELETE, { id: issued.id }, f.a.id)).body)).toBe('issued');
    const mine = (await f.h.call(MY_BILLING, { token: talentToken, variables: { id: approved[0] } })).body.data?.myBilling as { status: string; invoice: { number: string }; review: { invoicedAt: string } };
    expect(mine.status).toBe('INVOICED');
    expect(mine.invoice.number).toBe(issued.number);
    expect(mine.review.invoicedAt).toBeTruthy();
  });

  it('numbers issued invoices and credit notes without gaps; a deleted draft takes no number', async () => {
    const dropped = (await draft(approved[1]!)).data?.createOneInvoice as Invoice;
    expect((await f.as('owner-a', DELETE, { id: dropped.id }, f.a.id)).body.data?.deleteOneInvoice).toBe(true);
    const second = (await draft(approved[1]!, { vatRate: '20', vatExemptionReason: null })).data?.createOneInvoice as Invoice;
    expect(second.total).toBe('660.00');
    const issued = (await f.as('owner-a', ISSUE, { id: second.id }, f.a.id)).body.data?.issueInvoice as Invoice;
    expect(issued.number).toBe(`INV-${year}-0002`);
    expect(fieldCodes((await f.as('owner-a', CREDIT, { invoiceId: issued.id, reason: '' }, f.a.id)).body)).toEqual(['creditReasonRequired']);
    const credit = (await f.as('owner-a', CREDIT, { invoiceId: issued.id, reason: 'Wrong VAT rate' }, f.a.id)).body.data?.createCreditNote as Invoice;
    expect(credit.number).toBe(`INV-${year}-0003`);
    expect(credit.kind).toBe('CREDIT_NOTE');
    expect(credit.total).toBe('-660.00');
    expect(credit.creditedInvoice?.number).toBe(issued.number);
    expect(reasonOf((await f.as('owner-a', CREDIT, { invoiceId: issued.id, reason: 'Again' }, f.a.id)).body)).toBe('notCreditable');
    expect(reasonOf((await f.as('owner-a', PAID, { id: issued.id }, f.a.id)).body)).toBe('notPayable');
    // The billing stays INVOICED and may be invoiced again.
    const again = (await draft(approved[1]!)).data?.createOneInvoice as Invoice;
    expect(again.id).toBeTruthy();
    const numbers = (await f.h.database.db.select({ sequence: invoice.sequence }).from(invoice).where(eq(invoice.issuerCompanyId, f.a.id))).map((row) => row.sequence).filter((value) => value !== null).sort();
    expect(numbers).toEqual([1, 2, 3]);
  });

  it('gives two invoices issued at once two consecutive numbers', async () => {
    const other = (await draft(approved[2]!)).data?.createOneInvoice as Invoice;
    const pending = (await f.as('owner-a', LIST, { drafts: true }, f.a.id)).body.data?.findManyInvoice as { items: { id: string }[] };
    const [first, second] = await Promise.all(pending.items.map((item) => f.as('owner-a', ISSUE, { id: item.id }, f.a.id)));
    const issuedNumbers = [first, second].map((answer) => (answer!.body.data?.issueInvoice as Invoice).number).sort();
    expect(issuedNumbers).toEqual([`INV-${year}-0004`, `INV-${year}-0005`]);
    expect(pending.items.map((item) => item.id)).toContain(other.id);
  });

  it("an invoice falls due its payment terms after the day it is issued, never on the billing's own due date", async () => {
    const db = f.h.database.db;
    const dueAfter = (issuedAt: string | Date, days: number) => new Date(new Date(issuedAt).getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    // The first invoice was issued without a due date, and nobody set payment terms: 30 days.
    const first = (await f.as('owner-a', FIND, { id: (await db.select({ id: invoice.id }).from(invoice).where(and(eq(invoice.billingId, approved[0]!), eq(invoice.kind, 'INVOICE'))))[0]!.id }, f.a.id)).body.data?.findInvoice as Invoice;
    expect(first.dueDate).toBe(dueAfter(first.issuedAt!, 30));
    // The terms the company keeps with the talent (the seller of a self-billed invoice) count.
    const [kept] = await db.select().from(companyInvoiceDetail).where(and(eq(companyInvoiceDetail.companyId, f.a.id), eq(companyInvoiceDetail.talentId, talentProfileId)));
    await db.update(companyInvoiceDetail).set({ details: { ...kept!.details, paymentTermsDays: 14 } }).where(eq(companyInvoiceDetail.id, kept!.id));
    const [billed] = await db.select({ dueDate: billing.dueDate }).from(billing).where(eq(billing.id, approved[3]!));
    expect(billed!.dueDate! < new Date().toISOString().slice(0, 10)).toBe(true);
    const drafted = (await draft(approved[3]!)).data?.createOneInvoice as Invoice;
    expect(drafted.dueDate).toBeNull();
    const issued = (await f.as('owner-a', ISSUE, { id: drafted.id }, f.a.id)).body.data?.issueInvoice as Invoice;
    expect(issued.dueDate).toBe(dueAfter(issued.issuedAt!, 14));
    // A due date the company chose on the draft stands.
    const chosen = (await draft(approved[4]!, { dueDate: '2099-12-31' })).data?.createOneInvoice as Invoice;
    expect(chosen.dueDate).toBe('2099-12-31');
    expect(((await f.as('owner-a', ISSUE, { id: chosen.id }, f.a.id)).body.data?.issueInvoice as Invoice).dueDate).toBe('2099-12-31');
  });

  it('marking paid moves the billing to PAID and credits the talent\'s balance once', async () => {
    const [first] = await f.h.database.db.select().from(invoice).where(and(eq(invoice.billingId, approved[0]!), eq(invoice.kind, 'INVOICE')));
    const paid = (await f.as('owner-a', PAID, { id: first!.id }, f.a.id)).body.data?.markInvoicePaid as Invoice;
    expect(paid.status).toBe('PAID');
    expect(paid.paidByName).toBeTruthy();
    expect(reasonOf((await f.as('owner-a', PAID, { id: first!.id }, f.a.id)).body)).toBe('alreadyPaid');
    const [roster] = await f.h.database.db.select().from(companyTalentRoster).where(and(eq(companyTalentRoster.companyId, f.a.id), eq(companyTalentRoster.talentProfileId, talentProfileId)));
    expect(roster?.balance).toBe('550.00');
    // Made for the payment of a billing she sent: her own doing, so it holds her at once.
    expect(roster?.consent).toBe('accepted');
    const entries = await f.h.database.db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, roster!.id));
    expect(entries.map((entry) => [entry.type, entry.change])).toEqual([['SALARY', '550.00']]);
    const mine = (await f.h.call(MY_BILLING, { token: talentToken, variables: { id: approved[0] } })).body.data?.myBilling as { status: string; review: { paidAt: string } };
    expect(mine.status).toBe('PAID');
    expect(mine.review.paidAt).toBeTruthy();
    expect((await f.events('invoice.update', first!.id)).length).toBeGreaterThanOrEqual(2);
    const [row] = await f.h.database.db.select().from(billing).where(eq(billing.id, approved[0]!));
    expect(row?.paidById).toBe(await f.userId('owner-a'));
  });

  it("a provider's invoice goes to the client, who sees it once issued and may not act on it; other ids are NOT_FOUND", async () => {
    await f.h.database.db.update(company).set({ country: 'GB' }).where(eq(company.id, f.b.id));
    const created = (await f.as('owner-b', DRAFT, { data: { billingId: providedBilling, vatRate: '20' } }, f.b.id)).body.data?.createOneInvoice as Invoice;
    expect(created.selfBilled).toBe(false);
    expect(codeOf((await f.as('owner-a', FIND, { id: created.id }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('owner-a', ISSUE, { id: created.id }, f.a.id)).body)).toBe('NOT_FOUND');
    const issued = (await f.as('owner-b', ISSUE, { id: created.id }, f.b.id)).body.data?.issueInvoice as Invoice;
    expect(issued.number).toBe(`INV-${year}-0001`);
    expect([issued.fromName, issued.toName]).toEqual(['Company B', 'Company A']);
    const seen = (await f.as('owner-a', FIND, { id: created.id }, f.a.id)).body.data?.findInvoice as Invoice;
    expect(seen.isIssuer).toBe(false);
    expect(seen.canMarkPaid || seen.canCredit || seen.canDelete).toBe(false);
    expect(codeOf((await f.as('owner-a', PAID, { id: created.id }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('owner-a', CREDIT, { invoiceId: created.id, reason: 'No' }, f.a.id)).body)).toBe('NOT_FOUND');
    await f.memberWithRole('stranger-a', f.a.id, 'Stranger', { jobAd: { read: true } });
    expect(codeOf((await f.as('stranger-a', LIST, {}, f.a.id)).body)).toBe('FORBIDDEN');
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) expect(codeOf((await f.as('owner-a', FIND, { id }, f.a.id)).body)).toBe('NOT_FOUND');
  });

  it('lists every invoice a company sees once, drafts first then the newest number, the same page by page (the invoice list order)', async () => {
    const PAGED = 'query ($page: Int, $perPage: Int) { findManyInvoice(page: $page, perPage: $perPage) { total items { id number issuedAt isIssuer } } }';
    type Listed = { total: number; items: { id: string; number: string | null; issuedAt: string | null; isIssuer: boolean }[] };
    const whole = (await f.as('owner-a', PAGED, { perPage: 50 }, f.a.id)).body.data?.findManyInvoice as Listed;
    expect(whole.items.length).toBe(whole.total);
    // Its own (self-billed: issued by and to Company A) and Company B's addressed to it, each once.
    expect(new Set(whole.items.map((item) => item.id)).size).toBe(whole.total);
    expect(whole.items.some((item) => item.isIssuer) && whole.items.some((item) => !item.isIssuer)).toBe(true);
    const drafts = whole.items.findIndex((item) => item.issuedAt !== null);
    expect(whole.items.slice(drafts).every((item) => item.issuedAt !== null)).toBe(true);
    const paged: string[] = [];
    for (let page = 1; page <= whole.total; page += 1) {
      const one = (await f.as('owner-a', PAGED, { page, perPage: 1 }, f.a.id)).body.data?.findManyInvoice as Listed;
      expect(one.total).toBe(whole.total);
      paged.push(...one.items.map((item) => item.id));
    }
    expect(paged).toEqual(whole.items.map((item) => item.id));
  });

  it('searches the invoices it sees by part of the number, the talent or either party, in any case, and never another company\'s (the invoice search)', async () => {
    const SEARCH = 'query ($q: String) { findManyInvoice(q: $q, perPage: 100) { total items { id number talentName fromName toName } } }';
    type Found = { total: number; items: { id: string; number: string | null; talentName: string | null; fromName: string | null; toName: string | null }[] };
    const search = async (owner: string, companyId: string, q?: string) => (await f.as(owner, SEARCH, { q }, companyId)).body.data?.findManyInvoice as Found;
    const everything = await search('owner-a', f.a.id);
    const holding = (part: string) =>
      everything.items.filter((item) => [item.number, item.talentName, item.fromName, item.toName].some((text) => text?.toLowerCase().includes(part.toLowerCase()))).map((item) => item.id).sort();
    const found = async (q: string) => {
      const answer = await search('owner-a', f.a.id, q);
      expect(answer.total).toBe(answer.items.length);
      return answer.items.map((item) => item.id).sort();
    };
    const number = everything.items.find((item) => item.number)!.number!;
    for (const q of ['tala TALENT', 'company b', number, number.slice(-4), 'Company A']) {
      expect(holding(q).length, q).toBeGreaterThan(0);
      expect(await found(q), q).toEqual(holding(q));
    }
    expect(await found('%')).toEqual([]);
    expect(await found('Nobody by this name')).toEqual([]);
    // Company A's own invoices hold its name too, but Company B finds only those it sees.
    const seenByB = await search('owner-b', f.b.id);
    const foundByB = await search('owner-b', f.b.id, 'company a');
    expect(foundByB.items.every((item) => seenByB.items.some((seen) => seen.id === item.id))).toBe(true);
    expect(foundByB.total).toBeLessThan(holding('Company A').length);
    // The talent renames herself: the database keeps each invoice's search text in step, so
    // her invoices are found by the new name at once, and no longer by the old one.
    const hers = everything.items.filter((item) => item.talentName === 'Tala Talent').map((item) => item.id).sort();
    expect(hers.length).toBeGreaterThan(0);
    const rename = (profileName: string) => f.h.database.db.update(talentProfile).set({ profileName }).where(eq(talentProfile.id, talentProfileId));
    await rename('Tala Écrivaine');
    expect(await found('écrivaine')).toEqual(hers);
    expect(await found('ÉCRIVAINE')).toEqual(hers);
    expect(await found('tala talent')).toEqual([]);
    await rename('Tala Talent');
    expect(await found('tala talent')).toEqual(hers);
    // More matches than the invoice search count cap: walked in the list's order, counted up
    // to the cap (totalIsExact false), the pages ending there; an exact count below it.
    expect((await f.as('owner-a', 'query { findManyInvoice(q: "tala") { totalIsExact } }', {}, f.a.id)).body.data?.findManyInvoice).toEqual({ totalIsExact: true });
    const many = await f.h.database.db
      .insert(invoice)
      .values(Array.from({ length: INVOICE_SEARCH_COUNT_CAP }, () => ({ issuerCompanyId: f.a.id, fromCompanyId: f.a.id, talentProfileId, currency: 'EUR', total: '1.00' })))
      .returning({ id: invoice.id });
    const pageOf = async (page: number, perPage: number) =>
      (await f.as('owner-a', 'query ($page: Int, $perPage: Int) { findManyInvoice(q: "tala", page: $page, perPage: $perPage) { total totalIsExact pageCount items { id talentName } } }', { page, perPage }, f.a.id)).body.data?.findManyInvoice as Found & { totalIsExact: boolean; pageCount: number };
    const paged = await pageOf(2, 5);
    expect(paged).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP, totalIsExact: false, pageCount: INVOICE_SEARCH_COUNT_CAP / 5 });
    expect(paged.items.map((item) => item.talentName)).toEqual(Array(5).fill('Tala Talent'));
    // 1,000 = 10 pages of 100 (and 14 of 70, the last one cut at the cap); nothing past them.
    const tenth = (await pageOf(10, 100)).items;
    expect(tenth).toHaveLength(100);
    expect(tenth.every((item) => /tala/i.test(item.talentName ?? ''))).toBe(true);
    expect((await pageOf(15, 70)).items).toHaveLength(INVOICE_SEARCH_COUNT_CAP - 14 * 70);
    expect((await pageOf(11, 100)).items).toEqual([]);
    await f.h.database.db.delete(invoice).where(inArray(invoice.id, many.map((row) => row.id)));
  });

  it("refuses a payment while the talent has not accepted the company's roster request, and books it once she accepts", async () => {
    const db = f.h.database.db;
    const [issued] = await db.select().from(invoice).where(and(eq(invoice.billingId, providedBilling), eq(invoice.kind, 'INVOICE'), isNotNull(invoice.issuedAt)));
    // B asked to hold her on its roster: a request she has not answered, then one she declined.
    const [asked] = await db.insert(companyTalentRoster).values({ companyId: f.b.id, talentProfileId, currency: 'EUR' }).returning();
    for (const consent of ['requested', 'declined'] as const) {
      await db.update(companyTalentRoster).set({ consent }).where(eq(companyTalentRoster.id, asked!.id));
      expect(reasonOf((await f.as('owner-b', PAID, { id: issued!.id }, f.b.id)).body), consent).toBe('rosterNotAccepted');
    }
    expect((await db.select({ status: invoice.status }).from(invoice).where(eq(invoice.id, issued!.id)))[0]?.status).toBe('UNPAID');
    expect((await db.select({ status: billing.status }).from(billing).where(eq(billing.id, providedBilling)))[0]?.status).toBe('INVOICED');
    expect(await db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, asked!.id))).toEqual([]);
    await db.update(companyTalentRoster).set({ consent: 'requested' }).where(eq(companyTalentRoster.id, asked!.id));
    const answer = await f.h.call('mutation ($id: ID!) { answerMyRosterRequest(id: $id, consent: accepted) { consent } }', { token: talentToken, variables: { id: asked!.id } });
    expect(answer.body.data?.answerMyRosterRequest).toEqual({ consent: 'accepted' });
    expect(((await f.as('owner-b', PAID, { id: issued!.id }, f.b.id)).body.data?.markInvoicePaid as Invoice).status).toBe('PAID');
    const entries = await db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, asked!.id));
    expect(entries.map((entry) => [entry.type, entry.change])).toEqual([['SALARY', '550.00']]);
  });

  it('the PDF embeds Factur-X data that the EN 16931 schema accepts, self-billed (389) and credit note (261)', async () => {
    const t = getTranslator(['common']);
    const issued = await f.h.database.db.select({ id: invoice.id, kind: invoice.kind }).from(invoice).where(and(eq(invoice.issuerCompanyId, f.a.id), isNotNull(invoice.issuedAt)));
    const kinds = new Set<string>();
    for (const { id } of issued) {
      const found = (await f.as('owner-a', FIND, { id }, f.a.id)).body.data?.findInvoice as Invoice;
      const document = invoiceDocumentOf(found);
      if (!document) continue;
      const pdf = await renderInvoicePdf(document, invoiceFonts(), t, 'en');
      expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
      const xml = (await embeddedFiles(pdf))['factur-x.xml'];
      expect(xml, found.number!).toBeTruthy();
      expect(await facturXSchemaErrors(xml!), found.number!).toEqual([]);
      expect(xml).toContain(`<ram:ID>${found.number}</ram:ID>`);
      const typeCode = /<ram:TypeCode>(\d+)<\/ram:TypeCode>/.exec(xml!)?.[1];
      expect(typeCode).toBe(found.kind === 'CREDIT_NOTE' ? '261' : '389');
      expect(xml).toContain('Self-billing');
      // The purchase order number given at approval (EN 16931 BT-13), in its CII element.
      expect(found.purchaseOrderNumber).toBe('PO-42');
      expect(xml!.replace(/\s+/g, '')).toContain('<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-42</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>');
      if (found.kind === 'INVOICE') expect(xml).toContain(`<udt:DateTimeString format="102">${found.dueDate!.replaceAll('-', '')}</udt:DateTimeString>`);
      kinds.add(found.kind);
    }
    expect([...kinds].sort()).toEqual(['CREDIT_NOTE', 'INVOICE']);
  });
  it('every billing transition: each company action is allowed from one status only, refused (CONFLICT) from every other', async () => {
    // One billing, put in each status in turn; the expected outcome of each action.
    const id = approved[2]!;
    const REVIEW = 'mutation ($id: ID!) { rejectBilling(id: $id, data: { reason: "No" }) { billing { status } } }';
    const APPROVE_AGAIN = 'mutation ($id: ID!) { approveBilling(id: $id) { billing { status } } }';
    const allowed: Record<string, string[]> = { SENT: ['approve', 'reject'], APPROVED: ['invoice'], INVOICED: [], PAID: [], REJECTED: [] };
    // Its invoices are set aside (straight in the database) so that none stands for it.
    await f.h.database.db.update(invoice).set({ deletedAt: new Date() }).where(eq(invoice.billingId, id));
    for (const status of ['SENT', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED'] as const) {
      for (const action of ['approve', 'reject', 'invoice']) {
        await f.h.database.db.update(billing).set({ status }).where(eq(billing.id, id));
        // An INVOICED billing whose invoice stands may not be invoiced again.
        const answer =
          action === 'approve' ? await f.as('owner-a', APPROVE_AGAIN, { id }, f.a.id)
          : action === 'reject' ? await f.as('owner-a', REVIEW, { id }, f.a.id)
          : await f.as('owner-a', DRAFT, { data: { billingId: id, vatRate: '20' } }, f.a.id);
        const ok = allowed[status]!.includes(action) || (status === 'INVOICED' && action === 'invoice' && !(await standingInvoice(id)));
        expect(answer.body.errors === undefined, `${status} → ${action}`).toBe(ok);
        if (!ok) expect(codeOf(answer.body), `${status} → ${action}`).toBe('CONFLICT');
        if (ok && action === 'invoice') await f.h.database.db.update(invoice).set({ deletedAt: new Date() }).where(and(eq(invoice.billingId, id), isNull(invoice.issuedAt)));
      }
    }
    // The talent never moves a sent billing: sending again is refused.
    await f.h.database.db.update(billing).set({ status: 'APPROVED' }).where(eq(billing.id, id));
    expect(codeOf((await f.h.call(SEND, { token: talentToken, variables: { id } })).body)).toBeTruthy();
  });

  it("a company keeps its own invoice details (company update), and what it issues next carries them", async () => {
    const SAVE = 'mutation ($data: CompanyInvoiceDetailInput!) { updateCompanyInvoiceDetail(data: $data) { legalName vatNumber registrationNumber } }';
    expect(codeOf((await f.as('reader-a', SAVE, { data: { legalName: 'A GmbH' } }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(fieldCodes((await f.as('owner-a', SAVE, { data: { vatNumber: '123' } }, f.a.id)).body)).toEqual(['vatNumberInvalid']);
    const saved = (await f.as('owner-a', SAVE, { data: { legalName: 'Company A GmbH', vatNumber: 'de 123456789', registrationNumber: 'HRB 1' } }, f.a.id)).body.data?.updateCompanyInvoiceDetail;
    expect(saved).toEqual({ legalName: 'Company A GmbH', vatNumber: 'DE123456789', registrationNumber: 'HRB 1' });
    expect((await f.as('reader-a', '{ findCompanyInvoiceDetail { vatNumber } }', {}, f.a.id)).body.data?.findCompanyInvoiceDetail).toEqual({ vatNumber: 'DE123456789' });
    expect((await f.as('owner-b', '{ findCompanyInvoiceDetail { vatNumber } }', {}, f.b.id)).body.data?.findCompanyInvoiceDetail).toEqual({ vatNumber: null });
    expect(await f.events('company.update', f.a.id)).not.toHaveLength(0);
  });
});
