import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ASSIGNMENT_ERRORS } from '../../../../src/lib/assignments/assignment-input';
import { todayIso } from '../../../../src/lib/assignments/assignment-status';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { billing, company, companyTalentRoster, generalEventslog, jobAssignment, jobDescription } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const FIELDS = `id status startDate endDate team costCenter talentNote currency clientPricesIsVisibleToTalent
  role { id title description location skills } clientCompany { id name } providerCompany { id name } salesCompany { id name }`;
const LIST = `query($page: Int, $perPage: Int, $sort: TalentAssignmentSort, $filter: TalentAssignmentFilter) {
  myJobAssignments(page: $page, perPage: $perPage, sort: $sort, filter: $filter) { total page perPage pageCount items { ${FIELDS} } }
}`;
const DETAIL = `query($id: ID!) { myJobAssignment(id: $id) { ${FIELDS} billings { id year month status amount currency clientAmount dueDate } } }`;
const OPTIONS = '{ myAssignmentClientOptions { company { id name } currency roles { id title } } }';
const CREATE = `mutation($data: CreateMyJobAssignmentInput!) { createMyJobAssignment(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $data: UpdateMyJobAssignmentInput!) { updateMyJobAssignment(id: $id, data: $data) { ${FIELDS} } }`;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MALFORMED_IDS = ['not-a-uuid', '1', "' or 1=1 --"];

/** yyyy-mm-dd `days` from today (UTC, as the status rule counts). */
function dayFromToday(days: number): string {
  return todayIso(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

interface Assignment {
  id: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  team: string | null;
  costCenter: string | null;
  talentNote: string | null;
  currency: string | null;
  role: { id: string; title: string } | null;
  clientCompany: { id: string; name: string } | null;
  providerCompany: { id: string; name: string } | null;
  billings?: Array<{ amount: string; clientAmount: string | null; status: string; year: number; month: number }>;
}

type FieldErrors = Array<{ field: string; code: string; params?: Record<string, number> }>;
const t = getTranslator();

describeEachDatabase('talent job assignments', (kind) => {
  let h: ApiHarness;
  let tokenA: string;
  let tokenB: string;
  let profileA: string;
  let acme: string;
  let globex: string;
  let initech: string;
  let gone: string;
  let acmeRole: string;
  let globexRole: string;
  /** A's assignment through Globex; client prices hidden from A. */
  let hiddenPrices: string;
  /** A's direct assignment with Acme; client prices shown to A. */
  let shownPrices: string;
  let deletedAssignment: string;

  async function talent(subject: string) {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    return { token, profileId: (body.data?.createOneTalentProfile as { id: string }).id };
  }

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    const a = await talent('talent-a');
    const b = await talent('talent-b');
    [tokenA, tokenB, profileA] = [a.token, b.token, a.profileId];
    const companies = await db
      .insert(company)
      .values([
        { name: 'Acme', verificationStatus: 'verified' },
        { name: 'Globex', verificationStatus: 'verified' },
        { name: 'Initech', verificationStatus: 'verified' },
        { name: 'Gone Ltd', verificationStatus: 'verified', deletedAt: new Date() },
      ])
      .returning({ id: company.id });
    [acme, globex, initech, gone] = companies.map((row) => row.id) as [string, string, string, string];
    await db.insert(companyTalentRoster).values([
      { companyId: acme, talentProfileId: a.profileId, currency: 'EUR', consent: 'accepted' },
      { companyId: gone, talentProfileId: a.profileId, currency: 'EUR', consent: 'accepted' },
      { companyId: globex, talentProfileId: b.profileId, currency: 'GBP', consent: 'accepted' },
    ]);
    const roles = await db
      .insert(jobDescription)
      .values([
        { title: 'Platform engineer', description: 'Keeps the platform up', location: 'Lisbon', skills: ['Go', 'Kubernetes'], companyId: acme, clientCompanyId: acme },
        { title: 'Data analyst', companyId: globex, clientCompanyId: globex },
        { title: 'Retired role', companyId: acme, clientCompanyId: acme, deletedAt: new Date() },
      ])
      .returning({ id: jobDescription.id });
    [acmeRole, globexRole] = roles.map((row) => row.id) as [string, string];
    const assignments = await db
      .insert(jobAssignment)
      .values([
        {
          talentProfileId: a.profileId,
          clientCompanyId: acme,
          providerCompanyId: globex,
          salesCompanyId: globex,
          clientPricesIsVisibleToTalent: false,
          assignmentCurrency: 'GBP',
          startDate: dayFromToday(-200),
          endDate: dayFromToday(-10),
        },
        {
          talentProfileId: a.profileId,
          clientCompanyId: acme,
          jobDescriptionId: acmeRole,
          clientPricesIsVisibleToTalent: true,
          assignmentCurrency: 'EUR',
          team: 'Core',
          startDate: dayFromToday(-30),
        },
        { talentProfileId: a.profileId, clientCompanyId: acme, startDate: dayFromToday(-5), deletedAt: new Date() },
      ])
      .returning({ id: jobAssignment.id });
    [hiddenPrices, shownPrices, deletedAssignment] = assignments.map((row) => row.id) as [string, string, string];
    await db.insert(billing).values([
      { talentProfileId: a.profileId, jobAssignmentId: hiddenPrices, amount: '4200.00', salesAmount: '5600.00', currency: 'GBP', year: 2026, month: 1, status: 'PAID' },
      { talentProfileId: a.profileId, jobAssignmentId: hiddenPrices, amount: '3780.00', salesAmount: '5040.00', currency: 'GBP', year: 2026, month: 2, status: 'APPROVED' },
      { talentProfileId: a.profileId, jobAssignmentId: hiddenPrices, amount: '1.00', currency: 'GBP', year: 2026, month: 3, status: 'DRAFT', deletedAt: new Date() },
      { talentProfileId: a.profileId, jobAssignmentId: shownPrices, amount: '5500.00', currency: 'EUR', year: 2026, month: 2, status: 'SENT' },
    ]);
  });
  afterAll(() => h.close());

  const list = async (token: string, variables: Record<string, unknown> = {}) => {
    const { body } = await h.call(LIST, { token, variables });
    return body.data?.myJobAssignments as { total: number; page: number; perPage: number; pageCount: number; items: Assignment[] };
  };
  const create = (token: string, data: Record<string, unknown>) => h.call(CREATE, { token, variables: { data: { clientCompanyId: acme, startDate: dayFromToday(1), ...data } } });
  type Answer = { errors?: Array<{ extensions?: { fieldErrors?: unknown } }> };
  const rawFieldErrors = (body: Answer) => (body.errors?.[0]?.extensions?.fieldErrors ?? []) as Array<{ field: string; code: string; params?: Record<string, number>; message: string }>;
  /** The field errors' codes and params, what a page words; each English text is the locale file's words for its code. */
  const fieldErrorsOf = (body: Answer): FieldErrors =>
    rawFieldErrors(body).map(({ field, code, params, message }) => {
      expect(message, code).toBe(t(`${ASSIGNMENT_ERRORS}.${code}`, params ?? {}));
      return { field, code, ...(params ? { params } : {}) };
    });
  const assignmentRow = async (id: string) => (await h.database.db.select().from(jobAssignment).where(eq(jobAssignment.id, id)))[0]!;
  /** The jobAssignment.create/update events about one assignment. */
  const eventsOf = async (id: string) =>
    (await h.database.db.select().from(generalEventslog).where(inArray(generalEventslog.type, ['jobAssignment.create', 'jobAssignment.update']))).filter(
      (event) => event.eventData.entityId === id,
    );

  it('lists only my live assignments, newest start first, with role, companies and a status from the dates', async () => {
    const page = await list(tokenA);
    expect(page.items.map((item) => item.id)).toEqual([shownPrices, hiddenPrices]);
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 20, pageCount: 1 });
    expect(page.items[0]).toMatchObject({
      status: 'CURRENT',
      endDate: null,
      team: 'Core',
      currency: 'EUR',
      role: { id: acmeRole, title: 'Platform engineer', location: 'Lisbon', skills: ['Go', 'Kubernetes'] },
      clientCompany: { id: acme, name: 'Acme' },
      providerCompany: null,
    });
    expect(page.items[1]).toMatchObject({ status: 'ENDED', role: null, providerCompany: { id: globex, name: 'Globex' } });
    expect(page.items.map((item) => item.id)).not.toContain(deletedAssignment);
  });

  it('sorts oldest first, filters to current ones and pages', async () => {
    expect((await list(tokenA, { sort: 'START_DATE_ASC' })).items.map((item) => item.id)).toEqual([hiddenPrices, shownPrices]);
    const current = await list(tokenA, { filter: 'CURRENT' });
    expect(current.items.map((item) => item.id)).toEqual([shownPrices]);
    expect(current.total).toBe(1);
    const second = await list(tokenA, { page: 2, perPage: 1 });
    expect(second).toMatchObject({ total: 2, page: 2, perPage: 1, pageCount: 2 });
    expect(second.items.map((item) => item.id)).toEqual([hiddenPrices]);
    for (const variables of [{ page: 0 }, { perPage: 101 }]) {
      const { body } = await h.call(LIST, { token: tokenA, variables });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it("never lists another talent's assignments, and answers a user without a profile with an empty page", async () => {
    expect((await list(tokenB)).items).toEqual([]);
    const noProfile = await list(await h.token('no-profile'));
    expect(noProfile).toMatchObject({ total: 0, items: [] });
    expect((await h.call(LIST)).status).toBe(401);
  });

  it('shows one assignment with its live billings, newest period first', async () => {
    const { body } = await h.call(DETAIL, { token: tokenA, variables: { id: hiddenPrices } });
    const detail = body.data?.myJobAssignment as Assignment;
    expect(detail.billings?.map((row) => [row.year, row.month, row.status, row.amount])).toEqual([
      [2026, 2, 'APPROVED', '3780.00'],
      [2026, 1, 'PAID', '4200.00'],
    ]);
  });

  it('hides the client price unless the assignment shows it to the talent', async () => {
    const hidden = (await h.call(DETAIL, { token: tokenA, variables: { id: hiddenPrices } })).body.data?.myJobAssignment as Assignment;
    expect(hidden.billings?.map((row) => row.clientAmount)).toEqual([null, null]);
    const shown = (await h.call(DETAIL, { token: tokenA, variables: { id: shownPrices } })).body.data?.myJobAssignment as Assignment;
    // Nobody in between: the client pays the talent's own amount.
    expect(shown.billings?.map((row) => row.clientAmount)).toEqual(['5500.00']);
    await h.database.db.update(jobAssignment).set({ clientPricesIsVisibleToTalent: true }).where(eq(jobAssignment.id, hiddenPrices));
    try {
      const nowShown = (await h.call(DETAIL, { token: tokenA, variables: { id: hiddenPrices } })).body.data?.myJobAssignment as Assignment;
      expect(nowShown.billings?.map((row) => row.clientAmount)).toEqual(['5040.00', '5600.00']);
    } finally {
      await h.database.db.update(jobAssignment).set({ clientPricesIsVisibleToTalent: false }).where(eq(jobAssignment.id, hiddenPrices));
    }
  });

  it("answers NOT_FOUND for another talent's, a deleted, an unknown or a malformed id", async () => {
    for (const [token, id] of [
      [tokenB, hiddenPrices],
      [tokenB, shownPrices],
      [tokenA, deletedAssignment],
      [tokenA, UNKNOWN_ID],
      ...MALFORMED_IDS.map((malformed) => [tokenA, malformed]),
    ] as const) {
      const { body } = await h.call(DETAIL, { token, variables: { id } });
      expect(body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
      expect(body.data?.myJobAssignment ?? null).toBeNull();
    }
  });

  it('offers the companies whose roster holds me, with their currency and live roles', async () => {
    const { body } = await h.call(OPTIONS, { token: tokenA });
    expect(body.data?.myAssignmentClientOptions).toEqual([{ company: { id: acme, name: 'Acme' }, currency: 'EUR', roles: [{ id: acmeRole, title: 'Platform engineer' }] }]);
    const other = await h.call(OPTIONS, { token: tokenB });
    expect(other.body.data?.myAssignmentClientOptions).toEqual([{ company: { id: globex, name: 'Globex' }, currency: 'GBP', roles: [{ id: globexRole, title: 'Data analyst' }] }]);
    expect((await h.call(OPTIONS, { token: await h.token('no-profile') })).body.data?.myAssignmentClientOptions).toEqual([]);
  });

  it('creates an assignment with a roster company, in the roster currency by default, and logs it', async () => {
    const start = dayFromToday(3);
    const { body } = await create(tokenA, {
      jobDescriptionId: acmeRole,
      startDate: start,
      endDate: '',
      team: '  Payments  ',
      costCenter: 'CC-7',
      talentNote: 'Hours by the 3rd',
      currency: '',
    });
    const created = body.data?.createMyJobAssignment as Assignment;
    expect(created).toMatchObject({
      status: 'UPCOMING',
      startDate: start,
      endDate: null,
      team: 'Payments',
      costCenter: 'CC-7',
      talentNote: 'Hours by the 3rd',
      currency: 'EUR',
      role: { id: acmeRole },
      clientCompany: { id: acme, name: 'Acme' },
      providerCompany: null,
    });
    expect(await assignmentRow(created.id)).toMatchObject({ talentProfileId: profileA, clientPricesIsVisibleToTalent: false, salesCompanyId: null });
    const [event] = await eventsOf(created.id);
    expect(event).toMatchObject({ type: 'jobAssignment.create', toId: acme, eventData: { entityId: created.id, companyId: acme, after: { team: 'Payments' } } });
    expect((await list(tokenA)).items.map((item) => item.id)).toContain(created.id);

    const gbp = (await create(tokenA, { currency: 'gbp' })).body.data?.createMyJobAssignment as Assignment;
    expect(gbp.currency).toBe('GBP');
  });

  it('refuses invalid input with a message per field and writes nothing', async () => {
    const before = (await list(tokenA)).total;
    const cases: Array<[Record<string, unknown>, FieldErrors]> = [
      [{ startDate: '2026-05-10', endDate: '2026-05-09' }, [{ field: 'data.endDate', code: 'endBeforeStart' }]],
      [{ startDate: '' }, [{ field: 'data.startDate', code: 'startRequired' }]],
      [
        { startDate: '1899-12-31', endDate: '2100-01-01' },
        [
          { field: 'data.startDate', code: 'date' },
          { field: 'data.endDate', code: 'date' },
        ],
      ],
      [{ startDate: '2026-02-30' }, [{ field: 'data.startDate', code: 'date' }]],
      [
        { team: 'x'.repeat(201), costCenter: 'y'.repeat(201), talentNote: 'z'.repeat(5001) },
        [
          { field: 'data.team', code: 'tooLong', params: { max: 200 } },
          { field: 'data.costCenter', code: 'tooLong', params: { max: 200 } },
          { field: 'data.talentNote', code: 'tooLong', params: { max: 5000 } },
        ],
      ],
      [{ currency: 'EURO' }, [{ field: 'data.currency', code: 'currencyUnknown' }]],
      [{ currency: 'ABC' }, [{ field: 'data.currency', code: 'currencyUnknown' }]],
      [{ clientCompanyId: '' }, [{ field: 'data.clientCompanyId', code: 'clientRequired' }]],
    ];
    for (const [data, fieldErrors] of cases) {
      const { body } = await create(tokenA, data);
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(data)).toBe('BAD_USER_INPUT');
      expect(fieldErrorsOf(body), JSON.stringify(data)).toEqual(fieldErrors);
    }
    const fits = await create(tokenA, { team: 'x'.repeat(200), talentNote: 'z'.repeat(5000), startDate: '1900-01-01', endDate: '2099-12-31' });
    expect(fits.body.errors).toBeUndefined();
    expect((await list(tokenA)).total).toBe(before + 1);
  });

  it("refuses a client whose roster does not hold me and a role of another company, whatever id is posted", async () => {
    const before = (await list(tokenA)).total;
    const notMine = { code: 'clientNotMine' };
    for (const clientCompanyId of [initech, globex, gone, UNKNOWN_ID, ...MALFORMED_IDS]) {
      const { body } = await create(tokenA, { clientCompanyId });
      expect(fieldErrorsOf(body), clientCompanyId).toEqual([{ field: 'data.clientCompanyId', ...notMine }]);
    }
    // Talent B is on Globex's roster, not on Acme's.
    expect(fieldErrorsOf((await create(tokenB, { clientCompanyId: acme })).body)).toEqual([{ field: 'data.clientCompanyId', ...notMine }]);
    const wrongRole = { code: 'jobDescriptionNotOfClient' };
    for (const jobDescriptionId of [globexRole, UNKNOWN_ID, 'nope']) {
      const { body } = await create(tokenA, { jobDescriptionId });
      expect(fieldErrorsOf(body), jobDescriptionId).toEqual([{ field: 'data.jobDescriptionId', ...wrongRole }]);
    }
    expect((await list(tokenA)).total).toBe(before);
    expect((await list(tokenB)).total).toBe(0);
  });

  it('needs a signed-in user with a talent profile to create', async () => {
    const { body } = await create(await h.token('no-profile'), {});
    expect(body.errors?.[0]).toMatchObject({ message: 'Create your talent profile first.', extensions: { code: 'NOT_FOUND', reason: 'noProfile' } });
    expect((await h.call(CREATE, { variables: { data: { clientCompanyId: acme, startDate: '2026-01-01' } } })).status).toBe(401);
  });

  it('updates only the given fields, logs the change and skips the log when nothing changed', async () => {
    const created = (await create(tokenA, { team: 'Old team', costCenter: 'CC-1', talentNote: 'Keep' })).body.data?.createMyJobAssignment as Assignment;
    const { body } = await h.call(UPDATE, { token: tokenA, variables: { id: created.id, data: { team: 'New team', costCenter: '', endDate: '2099-01-01' } } });
    expect(body.data?.updateMyJobAssignment).toMatchObject({ id: created.id, team: 'New team', costCenter: null, talentNote: 'Keep', endDate: '2099-01-01', startDate: created.startDate });
    const updates = (await eventsOf(created.id)).filter((event) => event.type === 'jobAssignment.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      toId: acme,
      eventData: { entityId: created.id, changedFields: ['endDate', 'team', 'costCenter'], before: { team: 'Old team', costCenter: 'CC-1', endDate: null }, after: { team: 'New team', costCenter: null } },
    });
    await h.call(UPDATE, { token: tokenA, variables: { id: created.id, data: { team: 'New team' } } });
    expect((await eventsOf(created.id)).filter((event) => event.type === 'jobAssignment.update')).toHaveLength(1);
  });

  it('checks the date order on the assignment as it will be, and never clears the start date', async () => {
    const created = (await create(tokenA, { startDate: '2030-06-01', endDate: '2030-06-30' })).body.data?.createMyJobAssignment as Assignment;
    const cases: Array<[Record<string, unknown>, FieldErrors[number]]> = [
      [{ endDate: '2030-05-31' }, { field: 'data.endDate', code: 'endBeforeStart' }],
      [{ startDate: '2030-07-01' }, { field: 'data.endDate', code: 'endBeforeStart' }],
      [{ startDate: null }, { field: 'data.startDate', code: 'startRequired' }],
      [{ startDate: '  ' }, { field: 'data.startDate', code: 'startRequired' }],
      [{ talentNote: 'n'.repeat(5001) }, { field: 'data.talentNote', code: 'tooLong', params: { max: 5000 } }],
    ];
    for (const [data, fieldError] of cases) {
      const { body } = await h.call(UPDATE, { token: tokenA, variables: { id: created.id, data } });
      expect(fieldErrorsOf(body), JSON.stringify(data)).toEqual([fieldError]);
    }
    // A one-day assignment is fine.
    const oneDay = await h.call(UPDATE, { token: tokenA, variables: { id: created.id, data: { endDate: '2030-06-01' } } });
    expect(oneDay.body.data?.updateMyJobAssignment).toMatchObject({ startDate: '2030-06-01', endDate: '2030-06-01' });
  });

  it("lets nobody else update my assignment: NOT_FOUND and the row unchanged", async () => {
    const before = await assignmentRow(shownPrices);
    for (const [token, id] of [
      [tokenB, shownPrices],
      [tokenB, hiddenPrices],
      [tokenA, deletedAssignment],
      [tokenA, UNKNOWN_ID],
      ...MALFORMED_IDS.map((malformed) => [tokenA, malformed]),
    ] as const) {
      const { body } = await h.call(UPDATE, { token, variables: { id, data: { team: 'Hijacked' } } });
      expect(body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
    }
    expect(await assignmentRow(shownPrices)).toEqual(before);
    const deleted = await assignmentRow(deletedAssignment);
    expect(deleted.team).toBeNull();
    const hijackEvents = await h.database.db
      .select()
      .from(generalEventslog)
      .where(and(eq(generalEventslog.type, 'jobAssignment.update'), eq(generalEventslog.toId, acme)));
    expect(hijackEvents.filter((event) => [shownPrices, hiddenPrices, deletedAssignment].includes(event.eventData.entityId ?? ''))).toEqual([]);
  });
});
