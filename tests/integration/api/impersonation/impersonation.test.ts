import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { company, generalEventslog, impersonation, jobAd, talentProfile, user } from '../../../../src/server/db/schema';
import { startApiHarness, startImpersonating, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CANDIDATES = 'query($search: String!) { impersonationCandidates(search: $search) { externalId email displayName } }';
const FIND_ME = '{ findMe { id } }';
const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const UPDATE_PROFILE = 'mutation($data: UpdateTalentProfileInput!) { updateOneTalentProfile(data: $data) { jobTitle } }';

describeEachDatabase('impersonation (checklist G39)', (kind) => {
  let h: ApiHarness;
  let support: string;
  beforeAll(async () => {
    h = await startApiHarness(kind);
    support = await h.token('support', { roles: ['super:impersonate'], email: 'support@example.test' });
    for (const subject of ['alice', 'alina', 'bob', 'blocked']) await h.call(FIND_ME, { token: await h.token(subject, { email: `${subject}@example.test` }) });
    await h.call(FIND_ME, { token: await h.token('root', { roles: ['super:admin'], email: 'root@example.test' }) });
    await h.call(FIND_ME, { token: support });
    await h.database.db.update(user).set({ status: 'blocked' }).where(eq(user.externalId, 'blocked'));
  });
  afterAll(() => h.close());

  const search = async (text: string, token = support) => h.call(CANDIDATES, { token, variables: { search: text } });

  it('finds active non-admin users by part of the e-mail or the exact external id', async () => {
    const byEmail = await search('ali');
    expect((byEmail.body.data?.impersonationCandidates as Array<{ email: string }>).map((row) => row.email)).toEqual(['alice@example.test', 'alina@example.test']);
    const byId = await search('bob');
    expect((byId.body.data?.impersonationCandidates as Array<{ externalId: string }>).map((row) => row.externalId)).toEqual(['bob']);
  });

  it('never lists admins, blocked users or the impersonator', async () => {
    const { body } = await search('example.test');
    const emails = (body.data?.impersonationCandidates as Array<{ email: string }>).map((row) => row.email);
    expect(emails).not.toContain('root@example.test');
    expect(emails).not.toContain('blocked@example.test');
    expect(emails).not.toContain('support@example.test');
    expect(emails).toContain('alice@example.test');
  });

  it('wildcards in the search are plain characters', async () => {
    const { body } = await search('%_%');
    expect(body.data?.impersonationCandidates).toEqual([]);
  });

  it('is for impersonators only, and asks for at least 3 characters', async () => {
    const talent = await search('ali', await h.token('alice'));
    expect(talent.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const short = await search('al');
    expect(short.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(short.body.errors?.[0]?.extensions?.fieldErrors).toEqual([
      { field: 'search', code: 'searchTooShort', params: { min: 3 }, message: getTranslator()('impersonation.errors.searchTooShort', { min: 3 }) },
    ]);
  });

  it('a write while impersonating records both the impersonated user and the impersonator', async () => {
    await startImpersonating(h, support, 'alice');
    const headers = { 'x-impersonate-as': 'alice' };
    await h.call(CREATE_PROFILE, { token: support, headers, variables: { data: { email: 'alice@example.test', profileName: 'Alice' } } });
    const updated = await h.call(UPDATE_PROFILE, { token: support, headers, variables: { data: { jobTitle: 'Engineer' } } });
    expect(updated.body.data?.updateOneTalentProfile).toEqual({ jobTitle: 'Engineer' });
    const [alice] = await h.database.db.select().from(user).where(eq(user.externalId, 'alice'));
    const [impersonator] = await h.database.db.select().from(user).where(eq(user.externalId, 'support'));
    const [event] = await h.database.db.select().from(generalEventslog).where(eq(generalEventslog.fromId, alice!.id));
    expect(event?.type).toBe('talentProfile.update');
    expect(event?.eventData).toMatchObject({ actorUserId: impersonator!.id, impersonatorUserId: impersonator!.id, impersonatorExternalId: 'support' });
  });

  describe('accountable impersonation', () => {
    const START = 'mutation($externalId: String!, $reason: String!) { startImpersonation(externalId: $externalId, reason: $reason) { id reason targetEmail } }';
    const STOP = 'mutation { stopImpersonation }';
    const AUDIT = 'query($q: String) { findManyImpersonation(q: $q) { total items { id reason open endedAt actorEmail targetEmail writeCount writes { type entityId } } } }';
    const start = (externalId: string, reason: string, token = support) => h.call(START, { token, variables: { externalId, reason } });
    const asBob = { 'x-impersonate-as': 'bob' };

    it('an impersonation needs a reason of 10 to 500 characters', async () => {
      for (const [reason, code] of [['', 'reasonRequired'], ['  too short ', 'reasonTooShort'], ['x'.repeat(501), 'reasonTooLong']] as const) {
        const { body } = await start('bob', reason);
        expect(body.errors?.[0]?.extensions?.code, reason).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.extensions?.fieldErrors, reason).toEqual([expect.objectContaining({ field: 'reason', code })]);
      }
    });

    it('x-impersonate-as is refused until the impersonator has started with a reason, and again once stopped', async () => {
      await h.call(STOP, { token: support });
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(403);
      const { body } = await start('bob', 'Ticket 12: bob cannot upload a CV');
      expect(body.data?.startImpersonation).toMatchObject({ reason: 'Ticket 12: bob cannot upload a CV', targetEmail: 'bob@example.test' });
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(200);
      expect((await h.call(STOP, { token: support })).body.data?.stopImpersonation).toBe(1);
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(403);
      const again = await h.call(STOP, { token: support });
      expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'notImpersonating' });
    });

    it('an impersonation left open is not honoured after 8 hours', async () => {
      const id = await startImpersonating(h, support, 'bob');
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(200);
      await h.database.db.update(impersonation).set({ startedAt: sql`now() - interval '8 hours 1 minute'` }).where(eq(impersonation.id, id));
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(403);
    });

    it('starting another impersonation ends the one still open: one person at a time', async () => {
      const first = await startImpersonating(h, support, 'bob');
      await startImpersonating(h, support, 'alina');
      const [row] = await h.database.db.select().from(impersonation).where(eq(impersonation.id, first));
      expect(row!.endedAt).not.toBeNull();
      expect((await h.call(FIND_ME, { token: support, headers: asBob })).status).toBe(403);
      expect((await h.call(FIND_ME, { token: support, headers: { 'x-impersonate-as': 'alina' } })).status).toBe(200);
    });

    it('nobody impersonates an admin, a blocked user, an unknown user or themselves; only impersonators start', async () => {
      for (const target of ['root', 'blocked', 'nobody', 'support']) {
        const { body } = await start(target, 'Ticket 99: checking something');
        expect(body.errors?.[0]?.extensions, target).toMatchObject({ code: 'FORBIDDEN', reason: 'impersonationRefused' });
      }
      const talent = await start('bob', 'Ticket 99: checking something', await h.token('alice'));
      expect(talent.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('the audit lists who acted as whom, why, and every write made meanwhile; start and stop are event rows', async () => {
      const token = await h.token('support-2', { roles: ['super:impersonate'], email: 'support-two@example.test' });
      const id = await startImpersonating(h, token, 'alina', 'Ticket 31: alina asks to fix her job title');
      const headers = { 'x-impersonate-as': 'alina' };
      await h.call(CREATE_PROFILE, { token, headers, variables: { data: { email: 'alina@example.test', profileName: 'Alina' } } });
      await h.call(UPDATE_PROFILE, { token, headers, variables: { data: { jobTitle: 'Designer' } } });
      await h.call(STOP, { token });
      // Alina's own write afterwards is hers alone.
      await h.call(UPDATE_PROFILE, { token: await h.token('alina'), variables: { data: { jobTitle: 'Lead designer' } } });

      const admin = await h.token('root', { roles: ['super:admin'], email: 'root@example.test' });
      const { body } = await h.call(AUDIT, { token: admin, variables: { q: 'support-two' } });
      const audit = body.data?.findManyImpersonation as { total: number; items: Array<Record<string, unknown> & { writes: Array<{ type: string }> }> };
      expect(audit.total).toBe(1);
      expect(audit.items[0]).toMatchObject({ id, reason: 'Ticket 31: alina asks to fix her job title', open: false, actorEmail: 'support-two@example.test', targetEmail: 'alina@example.test', writeCount: 2 });
      expect(audit.items[0]!.endedAt).not.toBeNull();
      // The event types give a talent profile an update event only: its creation is the update that sets its first fields.
      expect(audit.items[0]!.writes.map((write) => write.type)).toEqual(['talentProfile.update', 'talentProfile.update']);

      const [supportTwo] = await h.database.db.select().from(user).where(eq(user.externalId, 'support-2'));
      const trail = await h.database.db
        .select({ type: generalEventslog.type, toId: generalEventslog.toId })
        .from(generalEventslog)
        .where(and(eq(generalEventslog.fromId, supportTwo!.id)))
        .orderBy(desc(generalEventslog.createdAt));
      expect(trail.map((row) => row.type).sort()).toEqual(['impersonation.create', 'impersonation.update']);
      expect(trail.every((row) => row.toId === id)).toBe(true);
    });

    it("lists every write made as the user, her own housekeeping included, each with the fields it changed", async () => {
      const db = h.database.db;
      const token = await h.token('support-4', { roles: ['super:impersonate'], email: 'support-four@example.test' });
      await h.call(FIND_ME, { token: await h.token('wren', { email: 'wren@example.test' }) });
      const [wren] = await db.select().from(user).where(eq(user.externalId, 'wren'));
      // An open job ad to save, and two unread notifications addressed to her by someone else.
      const [acme] = await db.insert(company).values({ name: 'Audit Co', verificationStatus: 'verified' }).returning();
      const [ad] = await db.insert(jobAd).values({ title: 'Audited role', publisherCompanyId: acme!.id, publishedAt: new Date(Date.now() - 60_000) }).returning();
      const [root] = await db.select().from(user).where(eq(user.externalId, 'root'));
      const notifications = await db
        .insert(generalEventslog)
        .values([1, 2].map(() => ({ fromId: root!.id, toId: wren!.id, type: 'user.update' as const, eventData: { actorUserId: root!.id, after: { status: 'active' } } })))
        .returning();

      const id = await startImpersonating(h, token, 'wren', 'Ticket 88: wren asks for help with her account');
      const headers = { 'x-impersonate-as': 'wren' };
      const as = async (query: string, variables: Record<string, unknown> = {}) => {
        const { body } = await h.call(query, { token, headers, variables });
        expect(body.errors, query).toBeUndefined();
      };
      await as(CREATE_PROFILE, { data: { email: 'wren@example.test', profileName: 'Wren' } });
      await as(UPDATE_PROFILE, { data: { jobTitle: 'Analyst' } });
      await as('mutation($data: UpdateMeInput!) { updateMe(data: $data) { displayName } }', { data: { displayName: 'Wren W.' } });
      await as('mutation($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }', { data: [{ type: 'billing.create', email: false, ui: true, push: false }] });
      await as('mutation($jobAdId: ID!) { saveJobAd(jobAdId: $jobAdId) { jobAdId } }', { jobAdId: ad!.id });
      await as('mutation($jobAdId: ID!) { removeSavedJobAd(jobAdId: $jobAdId) }', { jobAdId: ad!.id });
      await as('mutation($id: ID!) { markNotificationRead(id: $id) { id } }', { id: notifications[0]!.id });
      await as('mutation { markAllNotificationsRead }');
      await as('mutation { markPersonalizedJobsFound }');
      await h.call(STOP, { token });

      const admin = await h.token('root', { roles: ['super:admin'], email: 'root@example.test' });
      const audit = await h.call(
        'query($q: String) { findManyImpersonation(q: $q) { items { id writeCount writes { type entityId changes { field before after } } } } }',
        { token: admin, variables: { q: 'support-four' } },
      );
      const [item] = (audit.body.data?.findManyImpersonation as { items: Array<{ id: string; writeCount: number; writes: Array<{ type: string; entityId: string | null; changes: Array<{ field: string; before: string | null; after: string | null }> }> }> }).items;
      expect(item!.id).toBe(id);
      const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.userId, wren!.id));
      expect(item!.writes).toEqual([
        // A talent profile's events name the fields, never their values (docs/personal-data.md).
        { type: 'talentProfile.update', entityId: profile!.id, changes: [{ field: 'email', before: null, after: null }, { field: 'profileName', before: null, after: null }] },
        { type: 'talentProfile.update', entityId: profile!.id, changes: [{ field: 'jobTitle', before: null, after: null }] },
        { type: 'user.update', entityId: wren!.id, changes: [{ field: 'displayName', before: null, after: null }] },
        { type: 'userNotificationPreferences.update', entityId: wren!.id, changes: [{ field: 'billing.create', before: 'email, ui', after: 'ui' }] },
        { type: 'savedJobAd.create', entityId: ad!.id, changes: [] },
        { type: 'savedJobAd.delete', entityId: ad!.id, changes: [] },
        { type: 'notification.update', entityId: notifications[0]!.id, changes: [{ field: 'read', before: 'false', after: 'true' }] },
        { type: 'notification.update', entityId: null, changes: [{ field: 'read', before: 'false', after: 'true' }] },
        { type: 'talentProfile.update', entityId: profile!.id, changes: [{ field: 'personalizedJobsFoundAt', before: null, after: null }] },
      ]);
      expect(item!.writeCount).toBe(9);
      // Her own housekeeping tells nobody: no notification for her, or anyone, of these.
      const addressed = await db.select().from(generalEventslog).where(and(sql`${generalEventslog.eventData}->>'impersonationId' = ${id}`, sql`${generalEventslog.toId} = ${wren!.id}`));
      expect(addressed).toEqual([]);
    });

    it('the audit lists the first 100 writes of an impersonation, oldest first, and counts them all', async () => {
      const token = await h.token('support-3', { roles: ['super:impersonate'], email: 'support-three@example.test' });
      const id = await startImpersonating(h, token, 'bob', 'Ticket 77: a long session of fixes');
      const [bob] = await h.database.db.select().from(user).where(eq(user.externalId, 'bob'));
      const start = Date.now() - 200_000;
      await h.database.db.insert(generalEventslog).values(
        Array.from({ length: 105 }, (_, index) => ({
          fromId: bob!.id,
          toId: bob!.id,
          type: 'talentProfile.update' as const,
          eventData: { entityId: `write-${index}`, impersonationId: id },
          createdAt: new Date(start + index * 1000),
        })),
      );
      const admin = await h.token('root', { roles: ['super:admin'], email: 'root@example.test' });
      const { body } = await h.call(AUDIT, { token: admin, variables: { q: 'support-three' } });
      const [item] = (body.data?.findManyImpersonation as { items: Array<{ writeCount: number; writes: Array<{ entityId: string }> }> }).items;
      expect(item!.writeCount).toBe(105);
      expect(item!.writes.map((write) => write.entityId)).toEqual(Array.from({ length: 100 }, (_, index) => `write-${index}`));
    });

    it('the audit is for admins only', async () => {
      for (const token of [support, await h.token('alice')]) {
        const { body } = await h.call(AUDIT, { token, variables: {} });
        expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    });
  });
});

