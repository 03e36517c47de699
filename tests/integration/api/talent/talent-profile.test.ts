import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { talentProfile } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CREATE = 'mutation CreateOneTalentProfile($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const FIND_ME = '{ findMe { redirect profile { id email profileName profileScore scoreItems { profileName } } } }';

describeEachDatabase('createOneTalentProfile (the CreateOneTalentProfile call)', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  it('creates the profile, returns its id, and findMe then shows it with its score', async () => {
    const token = await h.token('talent-1');
    const { body } = await h.call(CREATE, { token, variables: { data: { email: 'ada@example.test', profileName: 'Ada Lovelace' } } });
    const id = (body.data?.createOneTalentProfile as { id: string }).id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const me = await h.call(FIND_ME, { token });
    expect(me.body.data?.findMe).toEqual({
      redirect: null,
      profile: { id, email: 'ada@example.test', profileName: 'Ada Lovelace', profileScore: 1, scoreItems: { profileName: true } },
    });
  });

  it('leaves the profile name blank when it looks like an e-mail address', async () => {
    const token = await h.token('talent-2');
    const { body } = await h.call(CREATE, { token, variables: { data: { email: 'bob@example.test', profileName: 'bob@example.test' } } });
    const [row] = await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, (body.data?.createOneTalentProfile as { id: string }).id));
    expect(row?.profileName).toBe('');
  });

  it('refuses a second profile for the same user with CONFLICT and changes nothing', async () => {
    const token = await h.token('talent-1');
    const { body } = await h.call(CREATE, { token, variables: { data: { email: 'other@example.test', profileName: 'Other' } } });
    expect(body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const rows = await h.database.db.select().from(talentProfile).where(eq(talentProfile.email, 'other@example.test'));
    expect(rows).toHaveLength(0);
  });

  it('rejects a bad e-mail with a field-level message', async () => {
    const { status, body } = await h.call(CREATE, { token: await h.token('talent-3'), variables: { data: { email: 'not-an-email', profileName: 'X' } } });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.email', code: 'emailInvalid', message: 'Enter a valid email address' }] });
  });

  it('rejects a profile name over 100 characters with a coded field error', async () => {
    const { status, body } = await h.call(CREATE, { token: await h.token('talent-3'), variables: { data: { email: 'x@example.test', profileName: 'x'.repeat(101) } } });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toMatchObject({ fieldErrors: [{ field: 'data.profileName', code: 'tooLong', message: 'Use at most 100 characters' }] });
  });

  it('needs a signed-in user', async () => {
    const { status } = await h.call(CREATE, { variables: { data: { email: 'x@example.test' } } });
    expect(status).toBe(401);
  });
});
