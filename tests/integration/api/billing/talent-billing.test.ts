import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOf, type BillingPeriod } from '../../../../src/lib/billing/billing-period';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { billing, billingLineItem, company, generalEventslog, jobAssignment, jobDescription, talentPaymentProfile } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const BILLING_FIELDS = `id status year month currency amount message dueDate canEdit canDelete canSend
  assignment { id roleTitle clientName providerName currency }
  lineItems { id description unit quantity price amount currency attachments { name url } }`;
const CREATE = `mutation($data: CreateMyBillingInput!) { createMyBilling(data: $data) { ${BILLING_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $data: UpdateMyBillingInput!) { updateMyBilling(id: $id, data: $data) { ${BILLING_FIELDS} } }`;
const SEND = `mutation($id: ID!) { sendMyBilling(id: $id) { ${BILLING_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteMyBilling(id: $id) }';
const ONE = `query($id: ID!) { myBilling(id: $id) { ${BILLING_FIELDS} } }`;
const LIST = `query($page: Int, $perPage: Int, $filter: MyBillingsFilter) {
  myBillings(page: $page, perPage: $perPage, filter: $filter) { total page perPage pageCount items { id status year month amount assignment { id } } }
}`;
const ASSIGNMENTS = '{ myBillingAssignments { id roleTitle clientName providerName currency isActive billedPeriods } }';
const PAYMENT_FIELDS = 'id currency isVerified accountHolder maskedIban bic bankName country';
const MY_PAYMENT = `{ myPaymentProfile { ${PAYMENT_FIELDS} } }`;
const SAVE_PAYMENT = `mutation($data: SaveMyPaymentProfileInput!) { saveMyPaymentProfile(data: $data) { ${PAYMENT_FIELDS} } }`;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface BillingView {
  id: string;
  status: string;
  year: number;
  month: number;
  currency: string;
  amount: string;
  message: string | null;
  dueDate: string | null;
  canEdit: boolean;
  canDelete: boolean;
  canSend: boolean;
  assignment: { id: string; roleTitle: string | null; clientName: string | null; providerName: string | null; currency: string | null } | null;
  lineItems: Array<{ id: string; description: string; unit: string; quantity: string; price: string; amount: string; currency: string; attachments: Array<{ name: string; url: string }> }>;
}

/** The month `count` months before the current one (UTC). */
function monthsAgo(count: number): BillingPeriod {
  const now = periodOf(new Date());
  const index = now.year * 12 + now.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const isoMonthsAgo = (count: number) => {
  const { year, month } = monthsAgo(count);
  return `${year}-${String(month).padStart(2, '0')}-01`;
};

const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const t = getTranslator();
/**
 * Each field error's code by field (with its params when it has any), once its message is
 * checked to be the locale text of that code: clients word codes, never English from here.
 */
const fieldErrorsOf = (body: GraphqlBody, prefix = 'billing.errors') =>
  Object.fromEntries(
    ((body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string; params?: Record<string, string | number>; message: string }>) ?? []).map(({ field, code, params, message }) => {
      expect(message, field).toBe(t(`${prefix}.${code}`, params ?? {}));
      return [field, params ? { code, params } : code];
    }),
  );

const line = (overrides: Record<string, unknown> = {}) => ({ description: 'Frontend development (hours)', unit: 'HOUR', quantity: '160', price: '55.00', ...overrides });

describeEachDatabase('talent billing API', (kind) => {
  let h: ApiHarness;
  let first: { token: string; profileId: string };
  let second: { token: string; profileId: string };
  let northwindId: string;
  let brightpathId: string;
  /** EUR, started ten months ago, through a provider. */
  let directId: string;
  /** No currency of its own, started two months ago. */
  let noCurrencyId: string;
  let removedId: string;
  let secondsAssignmentId: string;

  async function talent(subject: string) {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    return { token, profileId: (body.data?.createOneTalentProfile as { id: string }).id };
  }

  const create = (token: string, data: Record<string, unknown>) => h.call(CREATE, { token, variables: { data } });
  const created = async (token: string, data: Record<string, unknown>): Promise<BillingView> => {
    const { body } = await create(token, data);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data?.createMyBilling as BillingView;
  };
  const row = async (id: string) => (await h.database.db.select().from(billing).where(eq(billing.id, id)))[0]!;
  const linesOf = (id: string) => h.database.db.select().from(billingLineItem).where(eq(billingLineItem.billingId, id));
  const eventsOf = (id: string) => h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'billing.update')).then((rows) => rows.filter((event) => event.eventData.entityId === id));
  const allEventsOf = async (id: string) => (await h.database.db.select().from(generalEventslog)).filter((event) => event.eventData.entityId === id);

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    first = await talent('first-talent');
    second = await talent('second-talent');
    const companies = await db.insert(company).values([{ name: 'Northwind Labs', verificationStatus: 'verified' }, { name: 'Brightpath Consulting', verificationStatus: 'verified' }]).returning();
    [northwindId, brightpathId] = companies.map((row) => row.id) as [string, string];
    const [description] = await db.insert(jobDescription).values({ title: 'Frontend Developer', companyId: northwindId, clientCompanyId: northwindId }).returning();
    const assignments = await db
      .insert(jobAssignment)
      .values([
        { talentProfileId: first.profileId, jobDescriptionId: description!.id, clientCompanyId: northwindId, providerCompanyId: brightpathId, assignmentCurrency: 'EUR', startDate: isoMonthsAgo(10) },
        { talentProfileId: first.profileId, clientCompanyId: northwindId, startDate: isoMonthsAgo(2) },
        { talentProfileId: first.profileId, clientCompanyId: northwindId, assignmentCurrency: 'EUR', deletedAt: new Date() },
        { talentProfileId: second.profileId, clientCompanyId: northwindId, assignmentCurrency: 'GBP' },
      ])
      .returning();
    [directId, noCurrencyId, removedId, secondsAssignmentId] = assignments.map((assignment) => assignment.id) as [string, string, string, string];
  });
  afterAll(() => h.close());

  it('creates a DRAFT with amounts computed exactly from its lines, in the assignment currency, and logs billing.create', async () => {
    const period = monthsAgo(1);
    const view = await created(first.token, {
      jobAssignmentId: directId,
      ...period,
      message: '  Hours as agreed  ',
      lines: [line({ quantity: '7.5', price: '82.50' }), line({ description: 'Per diem', unit: 'day', quantity: '0.15', price: '0.10' }), line({ unit: 'MONTH', quantity: '1', price: '40' })],
    });
    expect(view).toMatchObject({
      status: 'DRAFT',
      ...period,
      currency: 'EUR',
      amount: '658.77',
      message: 'Hours as agreed',
      canEdit: true,
      canDelete: true,
      canSend: true,
      assignment: { id: directId, roleTitle: 'Frontend Developer', clientName: 'Northwind Labs', providerName: 'Brightpath Consulting', currency: 'EUR' },
    });
    expect(view.lineItems.map((item) => [item.unit, item.quantity, item.price, item.amount, item.currency])).toEqual([
      ['HOUR', '7.50', '82.50', '618.75', 'EUR'],
      ['DAY', '0.15', '0.10', '0.02', 'EUR'],
      ['MONTH', '1.00', '40.00', '40.00', 'EUR'],
    ]);
    // Due on the 15th of the month after the period, which is the current month here.
    const { year, month } = monthsAgo(0);
    expect(view.dueDate).toBe(`${year}-${String(month).padStart(2, '0')}-15`);
    const stored = await row(view.id);
    expect(stored).toMatchObject({ amount: '658.77', talentProfileId: first.profileId, status: 'DRAFT' });
    const [event] = (await allEventsOf(view.id)).filter((candidate) => candidate.type === 'billing.create');
    // To the provider: it handles the billing of an assignment it sits in.
    expect(event).toMatchObject({ toId: brightpathId, eventData: { entityId: view.id, companyId: brightpathId, after: { status: 'DRAFT', amount: '658.77', currency: 'EUR', lines: 3 } } });
  });

  it('never takes an amount from the input', async () => {
    const { status, body } = await create(first.token, { jobAssignmentId: directId, ...monthsAgo(2), lines: [{ ...line(), amount: '1.00' }] });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/amount/);
  });

  it('refuses a line in another currency than the billing, and needs a currency when the assignment has none', async () => {
    const mismatch = await create(first.token, { jobAssignmentId: directId, ...monthsAgo(3), currency: 'EUR', lines: [line(), line({ currency: 'GBP' })] });
    expect(codeOf(mismatch.body)).toBe('BAD_USER_INPUT');
    expect(fieldErrorsOf(mismatch.body)).toEqual({ 'data.lines.1.currency': { code: 'currencyMismatch', params: { currency: 'EUR' } } });
    const none = await create(first.token, { jobAssignmentId: noCurrencyId, ...monthsAgo(0), lines: [line()] });
    expect(fieldErrorsOf(none.body)).toEqual({ 'data.currency': 'currencyRequired' });
    const chosen = await created(first.token, { jobAssignmentId: noCurrencyId, ...monthsAgo(0), currency: 'gbp', lines: [line({ currency: 'GBP' })] });
    expect(chosen.currency).toBe('GBP');
  });

  it('checks every line and the month, all at once', async () => {
    const { body } = await create(first.token, {
      jobAssignmentId: directId,
      year: 2099,
      month: 1,
      lines: [line({ description: '', unit: 'WEEK', quantity: '0', price: '-1' }), line({ quantity: '1.234', price: '1,5' })],
    });
    expect(fieldErrorsOf(body)).toEqual({
      'data.month': 'periodInFuture',
      'data.lines.0.description': 'descriptionRequired',
      'data.lines.0.unit': 'unitInvalid',
      'data.lines.0.quantity': 'quantityNotPositive',
      'data.lines.0.price': 'priceNegative',
      'data.lines.1.quantity': 'quantityDecimals',
      'data.lines.1.price': 'priceFormat',
    });
    const early = await create(first.token, { jobAssignmentId: directId, ...monthsAgo(11), lines: [line()] });
    expect(fieldErrorsOf(early.body)['data.month']).toMatchObject({ code: 'periodBeforeAssignment', params: { start: expect.any(String) } });
    const invalid = await create(first.token, { jobAssignmentId: directId, year: 2026, month: 13, lines: [line()] });
    expect(fieldErrorsOf(invalid.body)['data.month']).toBe('periodInvalid');
    const empty = await create(first.token, { jobAssignmentId: directId, ...monthsAgo(3), lines: [] });
    expect(fieldErrorsOf(empty.body)).toEqual({ 'data.lines': 'linesRequired' });
  });

  it('keeps one billing per assignment and month, unless it was rejected or deleted', async () => {
    const period = monthsAgo(4);
    const original = await created(first.token, { jobAssignmentId: directId, ...period, lines: [line()] });
    const again = await create(first.token, { jobAssignmentId: directId, ...period, lines: [line()] });
    expect(codeOf(again.body)).toBe('CONFLICT');
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ reason: 'periodTaken' });
    expect(again.body.errors?.[0]?.message).toBe(t('billing.errors.periodTaken'));
    expect(fieldErrorsOf(again.body)).toEqual({ 'data.month': 'periodTaken' });

    await h.database.db.update(billing).set({ status: 'REJECTED' }).where(eq(billing.id, original.id));
    const corrected = await created(first.token, { jobAssignmentId: directId, ...period, lines: [line({ quantity: '150' })] });
    expect(corrected.amount).toBe('8250.00');

    const assignments = (await h.call(ASSIGNMENTS, { token: first.token })).body.data?.myBillingAssignments as Array<{ id: string; billedPeriods: string[] }>;
    const billed = assignments.find((assignment) => assignment.id === directId)!.billedPeriods;
    expect(billed).toContain(`${period.year}-${String(period.month).padStart(2, '0')}`);

    expect((await h.call(DELETE, { token: first.token, variables: { id: corrected.id } })).body.data?.deleteMyBilling).toBe(corrected.id);
    const afterDelete = await created(first.token, { jobAssignmentId: directId, ...period, lines: [line()] });
    expect(afterDelete.status).toBe('DRAFT');
  });

  it('lets only one of two simultaneous creates for the same month through', async () => {
    const period = monthsAgo(5);
    const answers = await Promise.all([create(first.token, { jobAssignmentId: directId, ...period, lines: [line()] }), create(first.token, { jobAssignmentId: directId, ...period, lines: [line()] })]);
    expect(answers.map((answer) => (answer.body.errors ? codeOf(answer.body) : 'created')).sort()).toEqual(['CONFLICT', 'created']);
  });

  it('refuses removed, unknown, malformed and foreign assignments as NOT_FOUND', async () => {
    for (const jobAssignmentId of [removedId, MISSING_ID, 'not-a-uuid', secondsAssignmentId]) {
      const { body } = await create(first.token, { jobAssignmentId, ...monthsAgo(1), lines: [line()] });
      expect(codeOf(body), jobAssignmentId).toBe('NOT_FOUND');
    }
  });

  it('edits a DRAFT: lines replaced, kept lines keep their attachments, amount recomputed, billing.update logged', async () => {
    const draft = await created(first.token, { jobAssignmentId: directId, ...monthsAgo(6), message: 'First try', lines: [line({ quantity: '10' }), line({ description: 'Travel', unit: 'DAY', quantity: '1', price: '35.50' })] });
    const [kept, dropped] = draft.lineItems;
    await h.database.db.update(billingLineItem).set({ attachments: [{ name: 'timesheet.pdf', url: '/files/timesheet.pdf' }] }).where(eq(billingLineItem.id, kept!.id));
    const { body } = await h.call(UPDATE, {
      token: first.token,
      variables: { id: draft.id, data: { message: null, lines: [line({ id: kept!.id, quantity: '12.25', price: '60' }), line({ description: 'Licence', unit: 'MONTH', quantity: '1', price: '19.99' })] } },
    });
    const view = body.data?.updateMyBilling as BillingView;
    expect(view).toMatchObject({ amount: '754.99', message: null, status: 'DRAFT' });
    expect(view.lineItems.map((item) => [item.id === kept!.id, item.description, item.amount, item.attachments])).toEqual([
      [true, 'Frontend development (hours)', '735.00', [{ name: 'timesheet.pdf', url: '/files/timesheet.pdf' }]],
      [false, 'Licence', '19.99', []],
    ]);
    expect((await linesOf(draft.id)).map((stored) => stored.id)).not.toContain(dropped!.id);
    expect((await row(draft.id)).amount).toBe('754.99');
    const [event] = await eventsOf(draft.id);
    expect(event?.eventData).toMatchObject({ changedFields: ['message', 'amount', 'lines'], before: { message: 'First try', amount: '585.50', lines: 2 }, after: { message: null, amount: '754.99', lines: 2 } });

    // The same content again changes nothing and logs nothing.
    const same = { lines: view.lineItems.map((item) => ({ id: item.id, description: item.description, unit: item.unit, quantity: item.quantity, price: item.price })) };
    await h.call(UPDATE, { token: first.token, variables: { id: draft.id, data: same } });
    expect(await eventsOf(draft.id)).toHaveLength(1);

    // A new currency moves every line with it; a line id of another billing is refused.
    const euro = await h.call(UPDATE, { token: first.token, variables: { id: draft.id, data: { currency: 'CHF', lines: same.lines } } });
    expect((euro.body.data?.updateMyBilling as BillingView).lineItems.map((item) => item.currency)).toEqual(['CHF', 'CHF']);
    const other = await created(first.token, { jobAssignmentId: directId, ...monthsAgo(7), lines: [line()] });
    const stolen = await h.call(UPDATE, { token: first.token, variables: { id: draft.id, data: { lines: [line({ id: other.lineItems[0]!.id })] } } });
    expect(fieldErrorsOf(stolen.body)).toEqual({ 'data.lines.0.id': 'lineUnknown' });
    expect(await linesOf(other.id)).toHaveLength(1);
  });

  it('sends a DRAFT (DRAFT → SENT); after that it cannot be edited, deleted or sent again', async () => {
    const draft = await created(first.token, { jobAssignmentId: directId, ...monthsAgo(8), lines: [line()] });
    const sent = (await h.call(SEND, { token: first.token, variables: { id: draft.id } })).body.data?.sendMyBilling as BillingView;
    expect(sent).toMatchObject({ status: 'SENT', canEdit: false, canDelete: false, canSend: false });
    const [event] = await eventsOf(draft.id);
    expect(event).toMatchObject({ toId: brightpathId, eventData: { before: { status: 'DRAFT' }, after: { status: 'SENT' } } });

    const before = { billing: await row(draft.id), lines: await linesOf(draft.id) };
    const edit = await h.call(UPDATE, { token: first.token, variables: { id: draft.id, data: { lines: [line({ quantity: '1' })] } } });
    expect(codeOf(edit.body)).toBe('CONFLICT');
    expect(edit.body.errors?.[0]?.extensions).toMatchObject({ reason: 'notADraft' });
    expect(edit.body.errors?.[0]?.message).toBe(t('billing.errors.notADraft'));
    expect(codeOf((await h.call(DELETE, { token: first.token, variables: { id: draft.id } })).body)).toBe('CONFLICT');
    expect(codeOf((await h.call(SEND, { token: first.token, variables: { id: draft.id } })).body)).toBe('CONFLICT');
    for (const status of ['APPROVED', 'INVOICED', 'PAID', 'REJECTED'] as const) {
      await h.database.db.update(billing).set({ status }).where(eq(billing.id, draft.id));
      expect(codeOf((await h.call(UPDATE, { token: first.token, variables: { id: draft.id, data: { lines: [line()] } } })).body), status).toBe('CONFLICT');
      expect(codeOf((await h.call(DELETE, { token: first.token, variables: { id: draft.id } })).body), status).toBe('CONFLICT');
      expect(codeOf((await h.call(SEND, { token: first.token, variables: { id: draft.id } })).body), status).toBe('CONFLICT');
    }
    await h.database.db.update(billing).set({ status: 'SENT' }).where(eq(billing.id, draft.id));
    expect({ ...(await row(draft.id)), updatedAt: null }).toEqual({ ...before.billing, updatedAt: null });
    expect(await linesOf(draft.id)).toEqual(before.lines);
    expect(await eventsOf(draft.id)).toHaveLength(1);
  });

  it('deletes a DRAFT softly: kept as deleted, gone from the list and from myBilling, billing.delete logged', async () => {
    const draft = await created(first.token, { jobAssignmentId: directId, ...monthsAgo(9), lines: [line()] });
    expect((await h.call(DELETE, { token: first.token, variables: { id: draft.id } })).body.data?.deleteMyBilling).toBe(draft.id);
    expect((await row(draft.id)).deletedAt).toBeInstanceOf(Date);
    expect(await linesOf(draft.id)).toHaveLength(1);
    expect(codeOf((await h.call(ONE, { token: first.token, variables: { id: draft.id } })).body)).toBe('NOT_FOUND');
    expect(codeOf((await h.call(DELETE, { token: first.token, variables: { id: draft.id } })).body)).toBe('NOT_FOUND');
    const events = await allEventsOf(draft.id);
    expect(events.map((event) => event.type).sort()).toEqual(['billing.create', 'billing.delete']);
  });

  it('lists my billings newest month first, paginated and filtered by status and assignment', async () => {
    const all = (await h.call(LIST, { token: first.token, variables: { perPage: 100 } })).body.data?.myBillings as { total: number; items: Array<{ id: string; status: string; year: number; month: number; assignment: { id: string } }> };
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(5);
    const indexes = all.items.map((item) => item.year * 12 + item.month);
    expect(indexes).toEqual([...indexes].sort((a, b) => b - a));

    const page = (await h.call(LIST, { token: first.token, variables: { page: 2, perPage: 2 } })).body.data?.myBillings as { total: number; page: number; pageCount: number; items: Array<{ id: string }> };
    expect(page).toMatchObject({ total: all.total, page: 2, pageCount: Math.ceil(all.total / 2) });
    expect(page.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));

    const sent = (await h.call(LIST, { token: first.token, variables: { perPage: 100, filter: { status: 'SENT' } } })).body.data?.myBillings as typeof all;
    expect(sent.items.length).toBeGreaterThan(0);
    expect(sent.items.every((item) => item.status === 'SENT')).toBe(true);
    const gbp = (await h.call(LIST, { token: first.token, variables: { perPage: 100, filter: { jobAssignmentId: noCurrencyId } } })).body.data?.myBillings as typeof all;
    expect(gbp.items.map((item) => item.assignment.id)).toEqual([noCurrencyId]);
    for (const jobAssignmentId of ['not-a-uuid', secondsAssignmentId]) {
      expect((await h.call(LIST, { token: first.token, variables: { filter: { jobAssignmentId } } })).body.data?.myBillings).toMatchObject({ total: 0, items: [] });
    }
    // Not a status: refused by the schema's enum before any resolver runs.
    expect((await h.call(LIST, { token: first.token, variables: { filter: { status: 'LOST' } } })).status).toBe(400);
    expect(codeOf((await h.call(LIST, { token: first.token, variables: { perPage: 101 } })).body)).toBe('BAD_USER_INPUT');
  });

  it('lists the assignments a billing can refer to, not removed ones without billings', async () => {
    const assignments = (await h.call(ASSIGNMENTS, { token: first.token })).body.data?.myBillingAssignments as Array<{ id: string; isActive: boolean; currency: string | null }>;
    expect(assignments.map((assignment) => assignment.id).sort()).toEqual([directId, noCurrencyId].sort());
    expect((await h.call(ASSIGNMENTS, { token: second.token })).body.data?.myBillingAssignments).toEqual([
      expect.objectContaining({ id: secondsAssignmentId, currency: 'GBP', isActive: true, billedPeriods: [] }),
    ]);
  });

  it('names the company the billings of each assignment are sent to: the provider when there is one, else the client', async () => {
    const SENT_TO = '{ myBillingAssignments { id clientName providerName reviewerName } }';
    const assignments = (await h.call(SENT_TO, { token: first.token })).body.data?.myBillingAssignments as Array<{ id: string; reviewerName: string | null }>;
    const sentTo = Object.fromEntries(assignments.map((assignment) => [assignment.id, assignment.reviewerName]));
    // The three-party assignment is Northwind's role, provided by Brightpath: Brightpath reviews its billings.
    expect(sentTo).toEqual({ [directId]: 'Brightpath Consulting', [noCurrencyId]: 'Northwind Labs' });
    // Each billing's events go to that very company (the one that then finds it to review).
    const names = new Map([[northwindId, 'Northwind Labs'], [brightpathId, 'Brightpath Consulting']]);
    for (const [assignmentId, ago] of [[directId, 10], [noCurrencyId, 2]] as const) {
      const view = await created(first.token, { jobAssignmentId: assignmentId, ...monthsAgo(ago), currency: 'EUR', lines: [line()] });
      const [event] = (await allEventsOf(view.id)).filter((candidate) => candidate.type === 'billing.create');
      expect(names.get(event!.toId!), assignmentId).toBe(sentTo[assignmentId]);
      await h.call(DELETE, { token: first.token, variables: { id: view.id } });
    }
  });

  it('reads one billing of mine; malformed and unknown ids are NOT_FOUND', async () => {
    const mine = await created(first.token, { jobAssignmentId: noCurrencyId, ...monthsAgo(1), currency: 'EUR', lines: [line()] });
    expect((await h.call(ONE, { token: first.token, variables: { id: mine.id } })).body.data?.myBilling).toMatchObject({ id: mine.id, amount: '8800.00' });
    for (const id of [MISSING_ID, 'not-a-uuid', '', "1' or '1'='1"]) {
      for (const operation of [ONE, SEND, DELETE]) {
        expect(codeOf((await h.call(operation, { token: first.token, variables: { id } })).body), `${operation} ${id}`).toBe('NOT_FOUND');
      }
      expect(codeOf((await h.call(UPDATE, { token: first.token, variables: { id, data: { lines: [line()] } } })).body), id).toBe('NOT_FOUND');
    }
  });

  it("keeps a talent out of another talent's billings: NOT_FOUND for every id, and nothing changes", async () => {
    const target = await created(first.token, { jobAssignmentId: directId, ...monthsAgo(0), lines: [line()] });
    const before = { billing: await row(target.id), lines: await linesOf(target.id), events: (await allEventsOf(target.id)).length };
    const probes = [
      h.call(ONE, { token: second.token, variables: { id: target.id } }),
      h.call(UPDATE, { token: second.token, variables: { id: target.id, data: { message: 'mine now', lines: [line({ id: target.lineItems[0]!.id, price: '1' })] } } }),
      h.call(DELETE, { token: second.token, variables: { id: target.id } }),
      h.call(SEND, { token: second.token, variables: { id: target.id } }),
      create(second.token, { jobAssignmentId: directId, ...monthsAgo(3), lines: [line()] }),
    ];
    for (const answer of await Promise.all(probes)) {
      expect(codeOf(answer.body)).toBe('NOT_FOUND');
      expect(JSON.stringify(answer.body)).not.toContain(target.id);
    }
    const theirs = (await h.call(LIST, { token: second.token, variables: { perPage: 100 } })).body.data?.myBillings as { total: number };
    expect(theirs.total).toBe(0);
    expect(await row(target.id)).toEqual(before.billing);
    expect(await linesOf(target.id)).toEqual(before.lines);
    expect(await allEventsOf(target.id)).toHaveLength(before.events);
    expect(await h.database.db.select().from(billing).where(and(eq(billing.talentProfileId, second.profileId), isNull(billing.deletedAt)))).toHaveLength(0);
  });

  it('needs a signed-in user with a talent profile', async () => {
    const noProfile = await h.token('no-profile');
    expect((await h.call(LIST, { token: noProfile })).body.data?.myBillings).toMatchObject({ total: 0, items: [] });
    expect((await h.call(MY_PAYMENT, { token: noProfile })).body.data?.myPaymentProfile).toBeNull();
    expect((await create(noProfile, { jobAssignmentId: directId, ...monthsAgo(1), lines: [line()] })).body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'noProfile' });
    expect((await h.call(LIST, {})).status).toBe(401);
    expect((await h.call(SAVE_PAYMENT, { variables: { data: { currency: 'EUR', accountHolder: 'x' } } })).status).toBe(401);
  });

  it('saves the payment profile, checks IBAN and BIC, and never answers with the full IBAN', async () => {
    expect((await h.call(MY_PAYMENT, { token: first.token })).body.data?.myPaymentProfile).toBeNull();
    const wrong = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { currency: 'EURO', accountHolder: '', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA' } } });
    expect(fieldErrorsOf(wrong.body, 'paymentProfile.errors')).toEqual({
      'data.currency': 'currencyInvalid',
      'data.accountHolder': 'accountHolderRequired',
      'data.iban': 'ibanChecksum',
      'data.bic': 'bicFormat',
    });
    const noIban = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { currency: 'EUR', accountHolder: 'Tara' } } });
    expect(fieldErrorsOf(noIban.body, 'paymentProfile.errors')).toEqual({ 'data.iban': 'ibanRequired' });
    // Checked with the schema the billing page reads its form with: codes, and the values their words name.
    const long = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { currency: 'EUR', accountHolder: 'x'.repeat(141), iban: 'DE89 3704 0044 0532 0130 00' } } });
    expect(long.body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.accountHolder', code: 'accountHolderTooLong', params: { max: 140 }, message: t('paymentProfile.errors.accountHolderTooLong', { max: 140 }) }]);

    const saved = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { currency: 'eur', accountHolder: 'Tara Talent', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', bankName: 'Commerzbank' } } });
    expect(saved.body.data?.saveMyPaymentProfile).toMatchObject({ currency: 'EUR', isVerified: false, accountHolder: 'Tara Talent', maskedIban: 'DE•• •••• •••• •••• 3000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', country: 'DE' });
    const read = await h.call(MY_PAYMENT, { token: first.token });
    for (const answer of [saved, read]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('370400440532');
      expect(text).not.toContain('3704 0044');
    }
    const [stored] = await h.database.db.select().from(talentPaymentProfile).where(eq(talentPaymentProfile.talentProfileId, first.profileId));
    expect(stored!.bankInformation.iban).toBe('DE89370400440532013000');
    // The other talent sees nothing of it.
    expect((await h.call(MY_PAYMENT, { token: second.token })).body.data?.myPaymentProfile).toBeNull();
  });

  it('keeps the verified flag for a new currency or a blank IBAN, and resets it when the bank details change', async () => {
    const db = h.database.db;
    await db.update(talentPaymentProfile).set({ isVerified: true }).where(eq(talentPaymentProfile.talentProfileId, first.profileId));
    const base = { accountHolder: 'Tara Talent', bic: 'COBADEFFXXX', bankName: 'Commerzbank' };
    const currencyOnly = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { ...base, currency: 'CHF', iban: '' } } });
    expect(currencyOnly.body.data?.saveMyPaymentProfile).toMatchObject({ currency: 'CHF', isVerified: true, maskedIban: 'DE•• •••• •••• •••• 3000' });

    const newBank = await h.call(SAVE_PAYMENT, { token: first.token, variables: { data: { ...base, currency: 'CHF', iban: 'GB82 WEST 1234 5698 7654 32', bic: 'WESTGB2L' } } });
    expect(newBank.body.data?.saveMyPaymentProfile).toMatchObject({ isVerified: false, maskedIban: 'GB•• •••• •••• •••• 5432', bic: 'WESTGB2L', country: 'GB' });
    const rows = await db.select().from(talentPaymentProfile).where(eq(talentPaymentProfile.talentProfileId, first.profileId));
    expect(rows).toHaveLength(1);

    const events = (await db.select().from(generalEventslog).where(eq(generalEventslog.toId, first.profileId))).filter((event) => event.type === 'talentProfile.update');
    expect(events.map((event) => event.eventData.changedFields)).toEqual([
      // The profile's creation, then each save of the payment profile.
      ['email', 'profileName'],
      ['paymentProfile.currency', 'paymentProfile.bankInformation'],
      ['paymentProfile.currency'],
      ['paymentProfile.bankInformation'],
    ]);
    expect(events.at(-1)?.eventData).toMatchObject({ verificationReset: true });
    expect(JSON.stringify(events)).not.toMatch(/GB82|WEST1234|DE89/);
  });
});
