import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWNER_PERMISSIONS } from '../../../../src/lib/permissions/resources';
import { company, companyHiringStep, companyOnUser, companyRejectionReason, companyRole, user } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const UPDATE = 'mutation ($data: UpdateOneCompanyInput!) { updateOneCompany(data: $data) { id name website country accountingCurrency isPossibleDuplicate } }';
const FIND = '{ findCompany { id name } }';
const LEAVE = 'mutation ($companyId: ID!) { leaveCompany(companyId: $companyId) }';

describeEachDatabase('company: create, edit, leave', (kind) => {
  let f: CompaniesFixture;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
  });
  afterAll(() => f.h.close());

  it('creates a pending company whose creator holds the default owner role, with the default hiring steps and a company.update event', async () => {
    const creator = await f.userId('creator');
    const { body } = await f.as('creator', CREATE_COMPANY, {
      data: { name: '  Lumen Labs ', country: 'pt', website: 'lumenlabs.example', accountingCurrency: 'eur', address: { city: 'Lisbon', street: ' ' } },
    });
    expect(body.errors).toBeUndefined();
    const created = body.data?.createOneCompany as { id: string; name: string; verificationStatus: string; isPossibleDuplicate: boolean };
    expect(created).toMatchObject({ name: 'Lumen Labs', verificationStatus: 'pending', isPossibleDuplicate: false });

    const db = f.h.database.db;
    const [row] = await db.select().from(company).where(eq(company.id, created.id));
    expect(row).toMatchObject({ country: 'PT', website: 'https://lumenlabs.example/', accountingCurrency: 'EUR', address: { city: 'Lisbon', country: 'PT' } });
    const members = await db
      .select({ userId: companyOnUser.userId, role: companyRole.role, isDefault: companyRole.isDefault, permissions: companyRole.permissions })
      .from(companyOnUser)
      .innerJoin(companyRole, eq(companyRole.id, companyOnUser.roleId))
      .where(eq(companyOnUser.companyId, created.id));
    expect(members).toEqual([{ userId: creator, role: 'Owner', isDefault: true, permissions: OWNER_PERMISSIONS }]);
    const steps = await db.select({ stepName: companyHiringStep.stepName, group: companyHiringStep.group, order: companyHiringStep.order }).from(companyHiringStep).where(eq(companyHiringStep.companyId, created.id)).orderBy(companyHiringStep.order);
    expect(steps.map((step) => `${step.order}:${step.stepName}:${step.group}`)).toEqual([
      '1:Applied:IN_PROGRESS', '2:Screening:IN_PROGRESS', '3:Interview:IN_PROGRESS', '4:Offer:IN_PROGRESS', '5:Hired:HIRED', '6:Rejected:REJECTED', '7:Withdrawn:WITHDRAWN',
    ]);
    const events = await f.events('company.update', created.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromId: creator, toId: created.id, eventData: { created: true, companyId: created.id } });
  });

  it("starts a company made by someone who reads French with its owner role, hiring steps and rejection reasons in French, the groups unchanged", async () => {
    const db = f.h.database.db;
    const creator = await f.userId('createur');
    await db.update(user).set({ preferences: { language: 'fr' } }).where(eq(user.id, creator));
    const { body } = await f.as('createur', CREATE_COMPANY, { data: { name: 'Atelier Lumière', country: 'fr', accountingCurrency: 'eur' } });
    expect(body.errors).toBeUndefined();
    const companyId = (body.data?.createOneCompany as { id: string }).id;
    const [owner] = await db.select({ role: companyRole.role, isDefault: companyRole.isDefault, permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.companyId, companyId));
    expect(owner).toEqual({ role: 'Propriétaire', isDefault: true, permissions: OWNER_PERMISSIONS });
    const steps = await db.select({ stepName: companyHiringStep.stepName, group: companyHiringStep.group }).from(companyHiringStep).where(eq(companyHiringStep.companyId, companyId)).orderBy(companyHiringStep.order);
    expect(steps.map((step) => `${step.stepName}:${step.group}`)).toEqual([
      'Candidature reçue:IN_PROGRESS', 'Présélection:IN_PROGRESS', 'Entretien:IN_PROGRESS', 'Proposition:IN_PROGRESS', 'Recrutement:HIRED', 'Refusée:REJECTED', 'Retirée:WITHDRAWN',
    ]);
    const reasons = await db.select({ label: companyRejectionReason.label, kind: companyRejectionReason.kind }).from(companyRejectionReason).where(eq(companyRejectionReason.companyId, companyId)).orderBy(companyRejectionReason.order);
    expect(reasons[0]).toEqual({ label: 'Les compétences ne correspondent pas au poste', kind: 'REJECTED' });
    expect(reasons.at(-1)).toEqual({ label: 'Ne répond plus', kind: 'WITHDRAWN' });
  });

  it('flags, but creates, a company with the same normalised name or the same website domain', async () => {
    await f.as('creator', CREATE_COMPANY, { data: { name: 'Orbit Works', website: 'https://www.orbit.example/about' } });
    const sameName = await f.as('someone', CREATE_COMPANY, { data: { name: 'orbit-works' } });
    const sameDomain = await f.as('someone', CREATE_COMPANY, { data: { name: 'Orbit Portugal', website: 'http://orbit.example' } });
    const different = await f.as('someone', CREATE_COMPANY, { data: { name: 'Orbital', website: 'https://notorbit.example' } });
    expect((sameName.body.data?.createOneCompany as { isPossibleDuplicate: boolean }).isPossibleDuplicate).toBe(true);
    expect((sameDomain.body.data?.createOneCompany as { isPossibleDuplicate: boolean }).isPossibleDuplicate).toBe(true);
    expect((different.body.data?.createOneCompany as { isPossibleDuplicate: boolean }).isPossibleDuplicate).toBe(false);
  });

  it('answers BAD_USER_INPUT with a code on each field, and writes nothing', async () => {
    const before = await f.h.database.db.select({ id: company.id }).from(company);
    const { body } = await f.as('creator', CREATE_COMPANY, { data: { name: ' ', country: 'XX', website: 'ftp://files.example', accountingCurrency: 'EUO' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([
      { field: 'data.name', code: 'nameRequired', message: "Enter the company's name." },
      { field: 'data.country', code: 'countryUnknown', message: expect.stringContaining('ISO') },
      { field: 'data.website', code: 'websiteInvalid', message: expect.stringContaining('http') },
      { field: 'data.accountingCurrency', code: 'currencyUnknown', message: expect.stringContaining('ISO') },
    ]);
    expect(await f.h.database.db.select({ id: company.id }).from(company)).toHaveLength(before.length);
  });

  it('needs a signed-in user to create', async () => {
    const { body } = await f.h.call(CREATE_COMPANY, { variables: { data: { name: 'Anonymous Co' } } });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('edits the selected company with company read and update, logging before and after', async () => {
    const { body } = await f.as('owner-a', UPDATE, { data: { website: 'https://a.example', country: 'DE', accountingCurrency: null } }, f.a.id);
    expect(body.errors).toBeUndefined();
    expect(body.data?.updateOneCompany).toMatchObject({ id: f.a.id, name: 'Company A', website: 'https://a.example/', country: 'DE', accountingCurrency: null });
    const events = (await f.events('company.update', f.a.id)).filter((event) => !event.eventData.created);
    expect(events).toHaveLength(1);
    expect(events[0]!.eventData).toMatchObject({ before: { website: null, country: null }, after: { website: 'https://a.example/', country: 'DE' } });
    expect((await f.as('owner-a', FIND, {}, f.a.id)).body.data?.findCompany).toEqual({ id: f.a.id, name: 'Company A' });
  });

  it('saves the stuck threshold (1 to 365 days) with a company.update event, and refuses 0 and 366 with a code, changing nothing', async () => {
    const SET_STUCK = 'mutation ($data: UpdateOneCompanyInput!) { updateOneCompany(data: $data) { stuckAfterDays } }';
    expect((await f.as('owner-a', '{ findCompany { stuckAfterDays } }', {}, f.a.id)).body.data?.findCompany).toEqual({ stuckAfterDays: 14 });
    const saved = await f.as('owner-a', SET_STUCK, { data: { stuckAfterDays: 30 } }, f.a.id);
    expect(saved.body).toEqual({ data: { updateOneCompany: { stuckAfterDays: 30 } } });
    const [event] = (await f.events('company.update', f.a.id)).filter((row) => row.eventData.after && 'stuckAfterDays' in row.eventData.after);
    expect(event?.eventData).toMatchObject({ companyId: f.a.id, before: { stuckAfterDays: 14 }, after: { stuckAfterDays: 30 } });
    // A broken maximum carries it as a param; the minimum carries none.
    for (const [days, params] of [[0, null], [366, { max: 365 }]] as const) {
      const { body } = await f.as('owner-a', SET_STUCK, { data: { stuckAfterDays: days } }, f.a.id);
      expect(body.errors?.[0]?.extensions?.code, String(days)).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions?.fieldErrors, String(days)).toEqual([
        { field: 'data.stuckAfterDays', code: 'stuckAfterDaysOutOfRange', ...(params ? { params } : {}), message: 'Enter a number of days from 1 to 365.' },
      ]);
    }
    const emptied = await f.as('owner-a', SET_STUCK, { data: { stuckAfterDays: null } }, f.a.id);
    expect((emptied.body.errors?.[0]?.extensions?.fieldErrors as Array<{ code: string }>)[0]?.code).toBe('stuckAfterDaysRequired');
    const [row] = await f.h.database.db.select({ stuckAfterDays: company.stuckAfterDays }).from(company).where(eq(company.id, f.a.id));
    expect(row?.stuckAfterDays).toBe(30);
  });

  it('refuses an edit to a member whose role may read but not update the company (FORBIDDEN), and changes nothing', async () => {
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { company: { read: true, update: false } });
    const { body } = await f.as('reader-a', UPDATE, { data: { name: 'Hijacked' } }, f.a.id);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [row] = await f.h.database.db.select({ name: company.name }).from(company).where(eq(company.id, f.a.id));
    expect(row!.name).toBe('Company A');
    // Reading is enough for findCompany.
    expect((await f.as('reader-a', FIND, {}, f.a.id)).body.data?.findCompany).toEqual({ id: f.a.id, name: 'Company A' });
  });

  it("cannot select another company: B's id as tp-company for A's owner is FORBIDDEN like any company they do not belong to", async () => {
    const probe = await f.as('owner-a', UPDATE, { data: { name: 'Hijacked' } }, f.b.id);
    const random = await f.as('owner-a', UPDATE, { data: { name: 'Hijacked' } }, '00000000-0000-4000-8000-000000000000');
    expect(probe.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(probe.body.errors?.[0]?.message).toBe(random.body.errors?.[0]?.message);
    const noCompany = await f.as('owner-a', UPDATE, { data: { name: 'Hijacked' } });
    expect(noCompany.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers field codes on an edit: the name cannot be emptied', async () => {
    const { body } = await f.as('owner-a', UPDATE, { data: { name: null } }, f.a.id);
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.name', code: 'nameRequired', message: "Enter the company's name." }]);
  });

  it('lets a member leave, but refuses the last owner with CONFLICT lastOwner', async () => {
    const last = await f.as('owner-b', LEAVE, { companyId: f.b.id });
    expect(last.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'lastOwner' });

    const leaver = await f.memberWithRole('leaver-b', f.b.id, 'Helper', { company: { read: true } });
    const left = await f.as('leaver-b', LEAVE, { companyId: f.b.id });
    expect(left.body).toEqual({ data: { leaveCompany: f.b.id } });
    const db = f.h.database.db;
    expect(await db.select().from(companyOnUser).where(and(eq(companyOnUser.companyId, f.b.id), eq(companyOnUser.userId, leaver.userId)))).toEqual([]);
    expect(await f.events('companyOnUser.delete', leaver.membershipId)).toHaveLength(1);

    // A second owner makes leaving possible for the first.
    const second = await f.userId('second-owner-b');
    await db.insert(companyOnUser).values({ companyId: f.b.id, userId: second, roleId: f.b.ownerRoleId });
    expect((await f.as('owner-b', LEAVE, { companyId: f.b.id })).body.data?.leaveCompany).toBe(f.b.id);
  });

  it('answers NOT_FOUND for a company the caller is not a member of, exactly as for an unknown id', async () => {
    const notMine = await f.as('owner-a', LEAVE, { companyId: f.b.id });
    const unknown = await f.as('owner-a', LEAVE, { companyId: '00000000-0000-4000-8000-000000000000' });
    const malformed = await f.as('owner-a', LEAVE, { companyId: 'nope' });
    expect(notMine.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(notMine.body).toEqual(unknown.body);
    expect(malformed.body).toEqual(unknown.body);
  });
});
