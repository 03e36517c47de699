import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, companyOnUser, companyRole, user } from '../../../src/server/db/schema';
import { OWNER_PERMISSIONS } from '../../../src/lib/permissions/resources';
import { startApiHarness, startImpersonating, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

const FIND_ME = '{ findMe { email isImpersonate impersonatedBy companies { company { name } } } }';

describeEachDatabase('API request headers', (kind) => {
  let h: ApiHarness;
  let verifiedId: string;
  let pendingId: string;
  let othersId: string;
  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    // Provision the member and the support user through the API itself.
    await h.call(FIND_ME, { token: await h.token('member') });
    await h.call(FIND_ME, { token: await h.token('admin', { roles: ['super:admin'] }) });
    const [member] = await db.select().from(user).where((await import('drizzle-orm')).eq(user.externalId, 'member'));
    const companies = await db
      .insert(company)
      .values([
        { name: 'Verified Co', verificationStatus: 'verified' },
        { name: 'Pending Co', verificationStatus: 'pending' },
        { name: 'Others Co', verificationStatus: 'verified' },
      ])
      .returning();
    [verifiedId, pendingId, othersId] = companies.map((row) => row.id) as [string, string, string];
    const roles = await db
      .insert(companyRole)
      .values([
        { companyId: verifiedId, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
        { companyId: pendingId, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
      ])
      .returning();
    await db.insert(companyOnUser).values([
      { companyId: verifiedId, userId: member!.id, roleId: roles[0]!.id },
      { companyId: pendingId, userId: member!.id, roleId: roles[1]!.id },
    ]);
  });
  afterAll(() => h.close());

  it('tp-domain other than company or talent is a 400 BAD_USER_INPUT', async () => {
    const { status, body } = await h.call(FIND_ME, { token: await h.token('member'), headers: { 'tp-domain': 'admin' } });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await h.call(FIND_ME, { token: await h.token('member'), headers: { 'tp-domain': 'company' } })).status).toBe(200);
  });

  it('tp-company of a verified company the user belongs to is accepted', async () => {
    const { status } = await h.call(FIND_ME, { token: await h.token('member'), headers: { 'tp-company': verifiedId } });
    expect(status).toBe(200);
  });

  it('tp-company of a pending company, another tenant or a made-up id is FORBIDDEN', async () => {
    for (const id of [pendingId, othersId, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await h.call(FIND_ME, { token: await h.token('member'), headers: { 'tp-company': id } });
      expect(status, id).toBe(403);
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('x-impersonate-as without the impersonation role is FORBIDDEN', async () => {
    const { status, body } = await h.call(FIND_ME, { token: await h.token('intruder'), headers: { 'x-impersonate-as': 'member' } });
    expect(status).toBe(403);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('x-impersonate-as with the role, after starting with a reason, acts as the target and records who acts', async () => {
    const token = await h.token('support', { roles: ['super:impersonate'] });
    const before = await h.call(FIND_ME, { token, headers: { 'x-impersonate-as': 'member' } });
    expect(before.status, 'not started: refused').toBe(403);
    await startImpersonating(h, token, 'member');
    const { status, body } = await h.call(FIND_ME, {
      token,
      headers: { 'x-impersonate-as': 'member' },
    });
    expect(status).toBe(200);
    expect(body.data?.findMe).toMatchObject({ email: 'member@example.test', isImpersonate: true, impersonatedBy: 'support' });
  });

  it('impersonating an admin or an unknown user is refused', async () => {
    for (const target of ['admin', 'nobody']) {
      const { status } = await h.call(FIND_ME, { token: await h.token('support', { roles: ['super:impersonate'] }), headers: { 'x-impersonate-as': target } });
      expect(status, target).toBe(403);
    }
  });

  it('company and impersonation headers without a token are refused', async () => {
    expect((await h.call('{ skillsList { id } }', { headers: { 'tp-company': verifiedId } })).status).toBe(401);
  });
});
