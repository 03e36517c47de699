import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../../src/server/db/schema';
import { isCallback, submitForm } from '../idp/relying-party';
import { Browser, parsePage } from '../idp/browser';
import { startBffHarness, type BffHarness } from '../../support/bff-harness';
import { seedIdentityAccount, type SeededAccount } from '../../support/idp-server';

// An admin blocks a user. Every session of theirs in the session store ends at
// once, in whichever browser; signing in again is refused with a clear message. A session
// the admin's call could not reach (another store, an external API) ends on its next page
// anyway, since the API refuses the blocked user.
describe('an admin blocks a signed-in user (BFF, built-in provider, API)', () => {
  let h: BffHarness;
  let admin: SeededAccount;
  let support: SeededAccount;
  beforeAll(async () => {
    h = await startBffHarness();
    admin = await seedIdentityAccount(h.database.db, { email: 'root@talentplace.test', roles: ['super:admin'] });
    support = await seedIdentityAccount(h.database.db, { email: 'support@talentplace.test', roles: ['super:impersonate'] });
  });
  afterAll(() => h.close());

  const call = (session: Parameters<BffHarness['bff']['graphql']>[0], query: string, variables: Record<string, unknown> = {}) =>
    h.bff.graphql(session, { query, variables }, '/admin/talents');

  it('ends all of their sessions at once, refuses their sign-in, and lets them in again once unblocked', async () => {
    const laptop = await h.signIn();
    const phone = await h.signIn();
    expect(await h.bff.currentUser(laptop.session, '/talent/dashboard')).not.toBeNull();
    // A support agent is acting as the user meanwhile.
    const { session: supportSession } = await h.signIn('/impersonate', support);
    expect(await h.bff.startImpersonation(supportSession, { externalId: h.account.id, reason: 'Ticket 88: checks the billing page' }, '/impersonate')).toEqual({ ok: true });
    const { session: adminSession } = await h.signIn('/admin/talents', admin);

    const found = await call(adminSession, 'query ($q: String) { findManyAdminUser(q: $q) { items { id email } } }', { q: h.account.email });
    const victimId = (found.body as { data: { findManyAdminUser: { items: Array<{ id: string }> } } }).data.findManyAdminUser.items[0]!.id;
    const blocked = await call(adminSession, 'mutation ($id: ID!) { updateOneUserStatus(id: $id, status: BLOCKED) { status } }', { id: victimId });
    expect(blocked.body).toEqual({ data: { updateOneUserStatus: { status: 'blocked' } } });

    expect(await h.bff.loadSession(laptop.session.id, { touch: false })).toBeNull();
    expect(await h.bff.loadSession(phone.session.id, { touch: false })).toBeNull();
    expect(await h.bff.loadSession(adminSession.id, { touch: false })).not.toBeNull();
    // The agent's next page: they act as themselves again, still signed in.
    const agent = await h.bff.currentUser(supportSession, '/talent/dashboard');
    expect(agent).toMatchObject({ email: support.email, impersonatedBy: null });
    expect(supportSession.record.impersonateAs).toBeNull();

    const start = await h.bff.startLogin('/talent/dashboard', false, 'en');
    const browser = new Browser();
    const page = await browser.follow(new URL(start.location), isCallback(h.idp));
    const refused = await submitForm(browser, h.idp, page, { email: h.account.email, password: h.account.password });
    expect(refused.status).toBe(403);
    expect(parsePage(refused.html).alerts[0]).toMatch(/^This account has been blocked/);

    await call(adminSession, 'mutation ($id: ID!) { updateOneUserStatus(id: $id, status: ACTIVE) { status } }', { id: victimId });
    const again = await h.signIn();
    expect(await h.bff.currentUser(again.session, '/talent/dashboard')).not.toBeNull();
  });

  it('ends a session on its next page when the user was blocked behind its back', async () => {
    const { session } = await h.signIn();
    await h.database.db.update(user).set({ status: 'blocked' }).where(eq(user.externalId, h.account.id));
    expect(await h.bff.currentUser(session, '/talent/dashboard')).toBeNull();
    expect(await h.bff.loadSession(session.id, { touch: false })).toBeNull();
    expect(h.logs.some((line) => line.includes('is not active; session ended'))).toBe(true);
    await h.database.db.update(user).set({ status: 'active' }).where(eq(user.externalId, h.account.id));
  });
});
