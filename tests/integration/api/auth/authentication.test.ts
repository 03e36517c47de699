import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const FIND_ME = 'query FindUser { findMe { id email isAdmin isImpersonate redirect companies { company { id } } featureFlags { name } profile { id } } }';

describeEachDatabase('API authentication', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  it('answers 401 UNAUTHENTICATED to findMe without a token', async () => {
    const { status, body } = await h.call(FIND_ME);
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401, never 500, to a malformed or forged token', async () => {
    for (const token of ['garbage', 'a.b.c', `${await h.token('x')}tampered`]) {
      const { status, body } = await h.call(FIND_ME, { token });
      expect(status).toBe(401);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const { status } = await h.call(FIND_ME, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(status).toBe(401);
  });

  it('provisions the user row on the first call of a new subject', async () => {
    const token = await h.token('subject-new', { email: 'new@example.test' });
    const { status, body } = await h.call(FIND_ME, { token });
    expect(status).toBe(200);
    const rows = await h.database.db.select().from(user).where(eq(user.externalId, 'subject-new'));
    expect(rows).toHaveLength(1);
    expect(body.data?.findMe).toMatchObject({ id: rows[0]!.id, email: 'new@example.test', isAdmin: false, isImpersonate: false, companies: [], featureFlags: [], profile: null });
    await h.call(FIND_ME, { token });
    expect(await h.database.db.select().from(user).where(eq(user.externalId, 'subject-new'))).toHaveLength(1);
  });

  it('records the last visit when a user calls, at most once an hour', async () => {
    const token = await h.token('subject-visits', { email: 'visits@example.test' });
    await h.call(FIND_ME, { token });
    const [first] = await h.database.db.select().from(user).where(eq(user.externalId, 'subject-visits'));
    expect(first!.lastVisit).toBeInstanceOf(Date);
    await h.call(FIND_ME, { token });
    const [again] = await h.database.db.select().from(user).where(eq(user.externalId, 'subject-visits'));
    expect(again!.lastVisit).toEqual(first!.lastVisit);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await h.database.db.update(user).set({ lastVisit: twoHoursAgo }).where(eq(user.id, first!.id));
    await h.call(FIND_ME, { token });
    const [later] = await h.database.db.select().from(user).where(eq(user.externalId, 'subject-visits'));
    expect(later!.lastVisit!.getTime()).toBeGreaterThan(twoHoursAgo.getTime() + 60 * 60 * 1000);
  });

  it('sends a user with neither profile nor company to profile creation', async () => {
    const { body } = await h.call(FIND_ME, { token: await h.token('subject-redirect') });
    expect((body.data?.findMe as { redirect: string }).redirect).toBe('/talent/profile');
  });

  it('reads isAdmin and isImpersonate from the token roles claim', async () => {
    const admin = await h.call(FIND_ME, { token: await h.token('subject-admin', { roles: ['super:admin'] }) });
    expect(admin.body.data?.findMe).toMatchObject({ isAdmin: true, isImpersonate: false });
    const support = await h.call(FIND_ME, { token: await h.token('subject-support', { roles: ['super:impersonate'] }) });
    expect(support.body.data?.findMe).toMatchObject({ isAdmin: false, isImpersonate: true });
  });

  it('runs public operations without a token', async () => {
    const { status, body } = await h.call('{ skillsList { id } languagesList { id } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ skillsList: [], languagesList: [] });
  });
});
