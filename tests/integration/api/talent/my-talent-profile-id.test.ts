import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGETS_QUERY } from '../../../../src/lib/talent/dashboard-widgets';
import { sendDocument } from '../../../../src/lib/graphql/send-document';
import { findMyTalentProfileId } from '../../../../src/server/api/auth/my-talent-profile';
import type { ApiContext } from '../../../../src/server/api/context';
import { talentProfile } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';

// findMyTalentProfileId: the root fields of one query share a read of the caller's profile
// id that is under way (each query costs CPU on the shared cores); a read that is over is
// never reused, so a profile created meanwhile (an earlier field of a mutation) is seen.

const PROFILE_ID_READ = /^select "id" from "talent_profile"/;

describe('the caller’s talent profile id', () => {
  let h: ApiHarness;
  let profileIdReads = 0;
  beforeAll(async () => {
    h = await startApiHarness('pglite');
    if (h.database.kind !== 'pglite') throw new Error('expected PGlite');
    const { client } = h.database;
    const query = client.query.bind(client);
    client.query = ((text: string, ...rest: unknown[]) => {
      if (PROFILE_ID_READ.test(text)) profileIdReads += 1;
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof client.query;
  });
  afterAll(() => h?.close());

  it('is read once for the four widgets of the talent dashboard', async () => {
    const token = await h.token('widgets-talent');
    const created = await h.call('mutation { createOneTalentProfile(data: { email: "widgets@example.test" }) { id } }', { token });
    expect(created.body.errors).toBeUndefined();
    profileIdReads = 0;
    const { data, errors } = await sendDocument((request) => h.call(request.query, { token, variables: request.variables }), DASHBOARD_WIDGETS_QUERY);
    expect(errors).toEqual([]);
    expect(data).toMatchObject({ invitations: { total: 0 }, applications: { total: 0 }, assignments: { total: 0 }, balances: [] });
    expect(profileIdReads).toBe(1);
  });

  it('is read afresh once a read is over: a profile created meanwhile is seen', async () => {
    const token = await h.token('late-talent');
    const me = await h.call('{ findMe { id email } }', { token });
    const { id: userId, email } = me.body.data?.findMe as { id: string; email: string };
    const context = { db: h.database.db, viewer: { userId, externalId: 'late-talent', email, isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null } } as unknown as ApiContext;
    expect(await findMyTalentProfileId(context)).toBeNull();
    const [created] = await h.database.db.insert(talentProfile).values({ userId, externalUserId: 'late-talent', email }).returning({ id: talentProfile.id });
    profileIdReads = 0;
    expect(await Promise.all([findMyTalentProfileId(context), findMyTalentProfileId(context)])).toEqual([created!.id, created!.id]);
    expect(profileIdReads).toBe(1);
  });
});
