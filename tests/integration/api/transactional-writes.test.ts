import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, companyTalentRoster, generalEventslog, jobAssignment, talentProfile, user } from '../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const CREATE_ASSIGNMENT = 'mutation($data: CreateMyJobAssignmentInput!) { createMyJobAssignment(data: $data) { id } }';

// Every mutation runs in one transaction. Here the audit row, written
// after the assignment row, is made to fail in the database: nothing may be left behind,
// and the caller gets the masked error, not the SQL.
describeEachDatabase('a mutation that fails half-way leaves nothing behind', (kind) => {
  let h: ApiHarness;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    h = await startApiHarness(kind);
    token = await h.token('halfway', { email: 'halfway@example.test' });
    await h.call(CREATE_PROFILE, { token, variables: { data: { email: 'halfway@example.test', profileName: 'Half Way' } } });
    const db = h.database.db;
    const [client] = await db.insert(company).values({ name: 'Client Ltd', verificationStatus: 'verified' }).returning();
    clientId = client!.id;
    const [me] = await db.select({ id: talentProfile.id }).from(talentProfile).innerJoin(user, eq(user.id, talentProfile.userId)).where(eq(user.externalId, 'halfway'));
    await db.insert(companyTalentRoster).values({ companyId: clientId, talentProfileId: me!.id, currency: 'EUR', consent: 'accepted' });
  });
  afterAll(() => h.close());

  it('the assignment is rolled back when its audit row cannot be written', async () => {
    const db = h.database.db;
    await db.execute(sql`alter table general_eventslog add constraint refuse_assignment_events check (type <> 'jobAssignment.create') not valid`);
    try {
      const { body } = await h.call(CREATE_ASSIGNMENT, { token, variables: { data: { clientCompanyId: clientId, startDate: '2026-01-05', team: 'Platform' } } });
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.message).toBe('Unexpected error.');
      expect(JSON.stringify(body)).not.toMatch(/refuse_assignment_events|general_eventslog|insert into/i);
      expect(await db.select().from(jobAssignment).where(eq(jobAssignment.clientCompanyId, clientId))).toEqual([]);
    } finally {
      await db.execute(sql`alter table general_eventslog drop constraint refuse_assignment_events`);
    }
    // The same request succeeds once the database accepts the audit row: one assignment, one event.
    const { body } = await h.call(CREATE_ASSIGNMENT, { token, variables: { data: { clientCompanyId: clientId, startDate: '2026-01-05', team: 'Platform' } } });
    expect(body.errors).toBeUndefined();
    expect(await db.select().from(jobAssignment).where(eq(jobAssignment.clientCompanyId, clientId))).toHaveLength(1);
    expect((await db.select().from(generalEventslog).where(eq(generalEventslog.type, 'jobAssignment.create'))).length).toBe(1);
  });
});
