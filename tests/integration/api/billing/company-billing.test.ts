import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOf } from '../../../../src/lib/billing/billing-period';
import { billing, jobAssignment, talentPaymentProfile } from '../../../../src/server/db/schema';
import type { GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const CREATE_BILLING = 'mutation ($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id lineItems { id } } }';
const SEND = 'mutation ($id: ID!) { sendMyBilling(id: $id) { id status } }';
const MY_BILLING = `query ($id: ID!) { myBilling(id: $id) { status lineItems { companyComment }
  review { sentAt approvedAt approvedByName purchaseOrderNumber rejectedAt rejectedByName rejectionReason } } }`;
const REVIEWED = 'talentName canApprove canReject canInvoice billing { id status amount review { approvedByName purchaseOrderNumber rejectionReason } lineItems { id companyComment } }';
const LIST = `query ($status: BillingStatus, $q: String, $period: String) { findManyBilling(status: $status, q: $q, period: $period) { total items { ${REVIEWED} } } }`;
const FIND = `query ($id: ID!) { findBilling(id: $id) { ${REVIEWED} } }`;
const APPROVE = `mutation ($id: ID!, $data: BillingApprovalInput) { approveBilling(id: $id, data: $data) { ${REVIEWED} } }`;
const REJECT = `mutation ($id: ID!, $data: BillingRejectionInput!) { rejectBilling(id: $id, data: $data) { ${REVIEWED} } }`;

interface Reviewed {
  talentName: string;
  canApprove: boolean;
  canReject: boolean;
  canInvoice: boolean;
  billing: { id: string; status: string; amount: string; review: { approvedByName: string | null; purchaseOrderNumber: string | null; rejectionReason: string | null }; lineItems: { id: string; companyComment: string | null }[] };
}

const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const fieldCodes = (body: GraphqlBody) => ((body.errors?.[0]?.extensions?.fieldErrors as { code: string }[]) ?? []).map((entry) => entry.code);

function monthsAgo(count: number) {
  const now = periodOf(new Date());
  const index = now.year * 12 + now.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

describeEachDatabase('company billing review', (kind) => {
  let f: CompaniesFixture;
  let talentToken: string;
  let assignmentA: string;
  let assignmentB: string;
  /** Sent to A: one to approve, one to reject, one left sent; a draft A must not see; one sent to B. */
  const ids: Record<'approve' | 'reject' | 'waiting' | 'draft' | 'foreign', string> = { approve: '', reject: '', waiting: '', draft: '', foreign: '' };
  const lineOf: Record<string, string> = {};

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('reviewer-a', f.a.id, 'Reviewer', { jobAssignment: { read: true, update: true } });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { jobAssignment: { read: true } });
    talentToken = await f.h.token('tala');
    const profile = await f.h.call(CREATE_PROFILE, { token: talentToken, variables: { data: { email: 'tala@example.test', profileName: 'Tala Talent' } } });
    const profileId = (profile.body.data?.createOneTalentProfile as { id: string }).id;
    const start = `${monthsAgo(8).year}-${String(monthsAgo(8).month).padStart(2, '0')}-01`;
    const assignments = await f.h.database.db
      .insert(jobAssignment)
      .values([
        { talentProfileId: profileId, clientCompanyId: f.a.id, assignmentCurrency: 'EUR', startDate: start },
        { talentProfileId: profileId, clientCompanyId: f.a.id, providerCompanyId: f.b.id, assignmentCurrency: 'EUR', startDate: start },
      ])
      .returning();
    [assignmentA, assignmentB] = assignments.map((row) => row.id) as [string, string];
    const bill = async (assignment: string, ago: number, send: boolean) => {
      const created = await f.h.call(CREATE_BILLING, {
        token: talentToken,
        variables: { data: { jobAssignmentId: assignment, ...monthsAgo(ago), lines: [{ description: 'Development (hours)', unit: 'HOUR', quantity: '10', price: '50.00' }] } },
      });
      const row = created.body.data?.createMyBilling as { id: string; lineItems: { id: string }[] };
      lineOf[row.id] = row.lineItems[0]!.id;
      if (send) expect((await f.h.call(SEND, { token: talentToken, variables: { id: row.id } })).body.errors).toBeUndefined();
      return row.id;
    };
    ids.approve = await bill(assignmentA, 1, true);
    ids.reject = await bill(assignmentA, 2, true);
    ids.waiting = await bill(assignmentA, 3, true);
    ids.draft = await bill(assignmentA, 4, false);
    // The provider (B) reviews billings of an assignment it provides, not the client (A).
    ids.foreign = await bill(assignmentB, 1, true);
  });
  afterAll(() => f.h.close());

  it('lists the billings sent to the company, never the drafts nor those another company reviews', async () => {
    const list = (await f.as('reader-a', LIST, {}, f.a.id)).body.data?.findManyBilling as { total: number; items: Reviewed[] };
    expect(list.total).toBe(3);
    expect(list.items.map((item) => item.billing.id).sort()).toEqual([ids.approve, ids.reject, ids.waiting].sort());
    expect(list.items.every((item) => item.talentName === 'Tala Talent' && item.canApprove && item.canReject && !item.canInvoice)).toBe(true);
    const byPeriod = (await f.as('reader-a', LIST, { period: `${monthsAgo(2).year}-${String(monthsAgo(2).month).padStart(2, '0')}` }, f.a.id)).body.data?.findManyBilling as { items: Reviewed[] };
    expect(byPeriod.items.map((item) => item.billing.id)).toEqual([ids.reject]);
    expect(((await f.as('reader-a', LIST, { q: 'nobody' }, f.a.id)).body.data?.findManyBilling as { total: number }).total).toBe(0);
    const b = (await f.as('owner-b', LIST, {}, f.b.id)).body.data?.findManyBilling as { items: Reviewed[] };
    expect(b.items.map((item) => item.billing.id)).toEqual([ids.foreign]);
  });

  it('a draft or another company\'s billing is NOT_FOUND, by id too', async () => {
    for (const id of [ids.draft, ids.foreign, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(codeOf((await f.as('reader-a', FIND, { id }, f.a.id)).body), id).toBe('NOT_FOUND');
      expect(codeOf((await f.as('reviewer-a', APPROVE, { id }, f.a.id)).body), id).toBe('NOT_FOUND');
      expect(codeOf((await f.as('reviewer-a', REJECT, { id, data: { reason: 'No' } }, f.a.id)).body), id).toBe('NOT_FOUND');
    }
    const [foreign] = await f.h.database.db.select().from(billing).where(eq(billing.id, ids.foreign));
    expect(foreign?.status).toBe('SENT');
  });

  it("tells the reviewer whether the talent's bank details are verified: unverified warns, it never blocks", async () => {
    const verifiedOf = async () => ((await f.as('reader-a', `query ($id: ID!) { findBilling(id: $id) { talentPaymentVerified canApprove } }`, { id: ids.waiting }, f.a.id)).body.data?.findBilling as { talentPaymentVerified: boolean; canApprove: boolean });
    expect(await verifiedOf()).toEqual({ talentPaymentVerified: false, canApprove: true });
    const saved = await f.h.call('mutation ($data: SaveMyPaymentProfileInput!) { saveMyPaymentProfile(data: $data) { id } }', { token: talentToken, variables: { data: { currency: 'EUR', accountHolder: 'Tala Talent', iban: 'DE89 3704 0044 0532 0130 00' } } });
    const paymentProfileId = (saved.body.data?.saveMyPaymentProfile as { id: string }).id;
    expect(await verifiedOf()).toEqual({ talentPaymentVerified: false, canApprove: true });
    await f.h.database.db.update(talentPaymentProfile).set({ isVerified: true }).where(eq(talentPaymentProfile.id, paymentProfileId));
    expect(await verifiedOf()).toEqual({ talentPaymentVerified: true, canApprove: true });
  });

  it('needs jobAssignment read to see billings and update to review them (FORBIDDEN)', async () => {
    await f.memberWithRole('stranger-a', f.a.id, 'Stranger', { jobAd: { read: true } });
    expect(codeOf((await f.as('stranger-a', LIST, {}, f.a.id)).body)).toBe('FORBIDDEN');
    expect(codeOf((await f.as('reader-a', APPROVE, { id: ids.approve }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(codeOf((await f.as('reader-a', REJECT, { id: ids.reject, data: { reason: 'No' } }, f.a.id)).body)).toBe('FORBIDDEN');
  });

  it('SENT → APPROVED with a purchase order and a line remark; the talent sees who and when', async () => {
    const lineId = lineOf[ids.approve]!;
    const { body } = await f.as('reviewer-a', APPROVE, { id: ids.approve, data: { purchaseOrderNumber: ' PO-7781 ', lineComments: [{ lineId, comment: 'Matches the timesheet' }] } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const approved = body.data?.approveBilling as Reviewed;
    expect(approved.billing.status).toBe('APPROVED');
    expect(approved.canInvoice).toBe(true);
    expect(approved.billing.review.purchaseOrderNumber).toBe('PO-7781');
    const mine = (await f.h.call(MY_BILLING, { token: talentToken, variables: { id: ids.approve } })).body.data?.myBilling as { status: string; lineItems: { companyComment: string }[]; review: { sentAt: string; approvedAt: string; approvedByName: string } };
    expect(mine.status).toBe('APPROVED');
    expect(mine.review.sentAt).toBeTruthy();
    expect(mine.review.approvedAt).toBeTruthy();
    expect(mine.review.approvedByName).toBeTruthy();
    expect(mine.lineItems[0]?.companyComment).toBe('Matches the timesheet');
    const [event] = await f.events('billing.update', ids.approve).then((rows) => rows.filter((row) => (row.eventData as { after?: { status?: string } }).after?.status === 'APPROVED'));
    expect(event?.toId).toBe(await f.userId('tala'));
  });

  it('SENT → REJECTED needs a reason, which the talent reads', async () => {
    const missing = await f.as('reviewer-a', REJECT, { id: ids.reject, data: { reason: '   ' } }, f.a.id);
    expect(fieldCodes(missing.body)).toEqual(['reasonRequired']);
    const tooLong = await f.as('reviewer-a', APPROVE, { id: ids.waiting, data: { purchaseOrderNumber: 'x'.repeat(61) } }, f.a.id);
    expect(fieldCodes(tooLong.body)).toEqual(['purchaseOrderTooLong']);
    const { body } = await f.as('reviewer-a', REJECT, { id: ids.reject, data: { reason: 'Two days too many', lineComments: [{ lineId: lineOf[ids.reject]!, comment: 'Should be 8 hours' }] } }, f.a.id);
    expect((body.data?.rejectBilling as Reviewed).billing.status).toBe('REJECTED');
    const mine = (await f.h.call(MY_BILLING, { token: talentToken, variables: { id: ids.reject } })).body.data?.myBilling as { review: { rejectionReason: string; rejectedByName: string } };
    expect(mine.review.rejectionReason).toBe('Two days too many');
    expect(mine.review.rejectedByName).toBeTruthy();
  });

  it('refuses every other move with CONFLICT and changes nothing', async () => {
    // APPROVED and REJECTED are past review: approving or rejecting again is refused.
    for (const [id, mutation] of [[ids.approve, APPROVE], [ids.approve, REJECT], [ids.reject, APPROVE], [ids.reject, REJECT]] as const) {
      const { body } = await f.as('reviewer-a', mutation, { id, data: mutation === REJECT ? { reason: 'Again' } : {} }, f.a.id);
      expect(codeOf(body), `${id} ${mutation.slice(0, 24)}`).toBe('CONFLICT');
    }
    const rows = await f.h.database.db.select({ id: billing.id, status: billing.status }).from(billing);
    const statusOf = Object.fromEntries(rows.map((row) => [row.id, row.status]));
    expect([statusOf[ids.approve], statusOf[ids.reject], statusOf[ids.waiting], statusOf[ids.draft]]).toEqual(['APPROVED', 'REJECTED', 'SENT', 'DRAFT']);
  });

  it("refuses a remark on a line of another billing", async () => {
    const { body } = await f.as('reviewer-a', APPROVE, { id: ids.waiting, data: { lineComments: [{ lineId: lineOf[ids.foreign]!, comment: 'Not this one' }] } }, f.a.id);
    expect(fieldCodes(body)).toEqual(['lineUnknown']);
    const [waiting] = await f.h.database.db.select().from(billing).where(eq(billing.id, ids.waiting));
    expect(waiting?.status).toBe('SENT');
  });
});
