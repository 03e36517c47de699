import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generalEventslog, user } from '../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

const CANDIDATES = 'query($search: String!) { impersonationCandidates(search: $search) { externalId email displayName } }';
const FIND_ME = '{ findMe { id } }';
const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const UPDATE_PROFILE = 'mutation($data: UpdateTalentProfileInput!) { updateOneTalentProfile(data: $data) { jobTitle } }';

describeEachDatabase('impersonation (spec §6, checklist G39)', (kind) => {
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
  });

  it('a write while impersonating records both the impersonated user and the impersonator', async () => {
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
});
