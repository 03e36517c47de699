import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyMemberInvitation, companyOnUser, generalEventslog, user } from '../../../../src/server/db/schema';
import { AUDIENCE } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const MEMBERS = '{ findManyCompanyOnUser { total items { id email displayName roleName isOwner } } }';
const CREATE = 'mutation ($data: CreateOneCompanyOnUserInput!) { createOneCompanyOnUser(data: $data) { id email roleId } }';
const MINE = '{ findMyMemberInvitations { id email companyName roleName inviterName } }';
const ACCEPT = 'mutation ($token: String, $id: ID) { acceptMemberInvitation(token: $token, id: $id) { companyId companyName } }';
const DECLINE = 'mutation ($token: String, $id: ID) { declineMemberInvitation(token: $token, id: $id) }';
const UPDATE = 'mutation ($id: ID!, $roleId: ID!) { updateOneCompanyOnUser(id: $id, data: { roleId: $roleId }) { id roleId isOwner } }';
const DELETE = 'mutation ($id: ID!) { deleteOneCompanyOnUser(id: $id) }';
const RANDOM = '00000000-0000-4000-8000-000000000000';

const MEMBER_MANAGER = { companyOnUser: { read: true, create: true, update: true, delete: true } };

describeEachDatabase('company members', (kind) => {
  let f: CompaniesFixture;
  let managerRoleId: string;
  let bMembershipId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    managerRoleId = (await f.memberWithRole('manager-a', f.a.id, 'Member manager', MEMBER_MANAGER)).roleId;
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { companyOnUser: { read: true } });
    bMembershipId = (await f.memberWithRole('member-b', f.b.id, 'Helper', { company: { read: true } })).membershipId;
    await f.userId('existing');
  });
  afterAll(() => f.h.close());

  it('lists the members with their role and e-mail, for companyOnUser read', async () => {
    const { body } = await f.as('reader-a', MEMBERS, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const page = body.data?.findManyCompanyOnUser as { total: number; items: Array<{ email: string; roleName: string; isOwner: boolean }> };
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.email, item.roleName, item.isOwner])).toEqual(
      expect.arrayContaining([
        ['owner-a@example.test', 'Owner', true],
        ['manager-a@example.test', 'Member manager', false],
        ['reader-a@example.test', 'Reader', false],
      ]),
    );
    // A role without companyOnUser read sees nothing.
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    expect((await f.as('blind-a', MEMBERS, {}, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers a registered address exactly like an unknown one: an invitation either way, nobody joins, each with a companyOnUser.create event', async () => {
    const existing = await f.userId('existing');
    const registered = await f.as('manager-a', CREATE, { data: { email: ' EXISTING@example.test ', roleId: managerRoleId } }, f.a.id);
    const unknown = await f.as('manager-a', CREATE, { data: { email: 'newcomer@example.test', roleId: managerRoleId } }, f.a.id);
    expect(registered.body.errors).toBeUndefined();
    const shapeOf = (body: typeof registered.body) => Object.keys((body.data?.createOneCompanyOnUser ?? {}) as object).sort();
    expect(shapeOf(registered.body)).toEqual(shapeOf(unknown.body));
    expect(registered.body.data?.createOneCompanyOnUser).toEqual({ id: expect.any(String), email: 'EXISTING@example.test', roleId: managerRoleId });
    expect(unknown.body.data?.createOneCompanyOnUser).toEqual({ id: expect.any(String), email: 'newcomer@example.test', roleId: managerRoleId });
    // The registered user is not a member until they accept.
    expect(await f.h.database.db.select().from(companyOnUser).where(and(eq(companyOnUser.companyId, f.a.id), eq(companyOnUser.userId, existing)))).toEqual([]);
    for (const answer of [registered, unknown]) expect(await f.events('companyOnUser.create', (answer.body.data?.createOneCompanyOnUser as { id: string }).id)).not.toHaveLength(0);
    // Only a hash of the link's token is stored; the event log never holds the token.
    const [row] = await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.email, 'newcomer@example.test'));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const again = await f.as('manager-a', CREATE, { data: { email: 'owner-a@example.test', roleId: managerRoleId } }, f.a.id);
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyMember' });
    const reinvited = await f.as('manager-a', CREATE, { data: { email: 'NEWCOMER@example.test', roleId: managerRoleId } }, f.a.id);
    expect(reinvited.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyInvited' });
  });

  it('answers a bad address with its code, and refuses a role without companyOnUser create', async () => {
    const bad = await f.as('manager-a', CREATE, { data: { email: 'not-an-address', roleId: managerRoleId } }, f.a.id);
    expect(bad.body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.email', code: 'emailInvalid', message: expect.stringContaining('e-mail') }]);
    const refused = await f.as('reader-a', CREATE, { data: { email: 'x@example.test', roleId: managerRoleId } }, f.a.id);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("answers B's role or member ids used in A exactly like unknown ids (NOT_FOUND), and changes nothing", async () => {
    const viaRole = await f.as('manager-a', CREATE, { data: { email: 'probe@example.test', roleId: f.b.ownerRoleId } }, f.a.id);
    const viaRandomRole = await f.as('manager-a', CREATE, { data: { email: 'probe@example.test', roleId: RANDOM } }, f.a.id);
    expect(viaRole.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(viaRole.body).toEqual(viaRandomRole.body);

    const update = await f.as('manager-a', UPDATE, { id: bMembershipId, roleId: managerRoleId }, f.a.id);
    const updateRandom = await f.as('manager-a', UPDATE, { id: RANDOM, roleId: managerRoleId }, f.a.id);
    expect(update.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(update.body).toEqual(updateRandom.body);

    const remove = await f.as('manager-a', DELETE, { id: bMembershipId }, f.a.id);
    const removeRandom = await f.as('manager-a', DELETE, { id: RANDOM }, f.a.id);
    expect(remove.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(remove.body).toEqual(removeRandom.body);
    expect(await f.h.database.db.select().from(companyOnUser).where(eq(companyOnUser.id, bMembershipId))).toHaveLength(1);
    expect(await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.email, 'probe@example.test'))).toEqual([]);
  });

  it('changes a role and removes a member, logging each; a role without the permission is FORBIDDEN', async () => {
    const target = await f.memberWithRole('target-a', f.a.id, 'Temp', {});
    expect((await f.as('reader-a', UPDATE, { id: target.membershipId, roleId: managerRoleId }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const updated = await f.as('manager-a', UPDATE, { id: target.membershipId, roleId: managerRoleId }, f.a.id);
    expect(updated.body.data?.updateOneCompanyOnUser).toEqual({ id: target.membershipId, roleId: managerRoleId, isOwner: false });
    expect((await f.events('companyOnUser.update', target.membershipId))[0]?.eventData).toMatchObject({ before: { roleId: target.roleId }, after: { roleId: managerRoleId } });

    expect((await f.as('reader-a', DELETE, { id: target.membershipId }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('manager-a', DELETE, { id: target.membershipId }, f.a.id)).body.data?.deleteOneCompanyOnUser).toBe(target.membershipId);
    const removals = await f.events('companyOnUser.delete', target.membershipId);
    // The company's own row, and one addressed to the person removed, naming the company.
    expect(removals.map((event) => event.toId).sort()).toEqual([f.a.id, target.userId].sort());
    const told = await f.as('target-a', '{ myNotifications { items { type companyName } } }');
    expect(told.body.data?.myNotifications).toMatchObject({ items: [{ type: 'companyOnUser.delete', companyName: 'Company A' }] });
  });

  it('never demotes or removes the last owner, and lets only an owner give the owner role', async () => {
    const db = f.h.database.db;
    const ownerA = await f.userId('owner-a');
    const [ownerMembership] = await db.select({ id: companyOnUser.id }).from(companyOnUser).where(and(eq(companyOnUser.companyId, f.a.id), eq(companyOnUser.userId, ownerA)));
    const demote = await f.as('owner-a', UPDATE, { id: ownerMembership!.id, roleId: managerRoleId }, f.a.id);
    expect(demote.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'lastOwner' });
    const remove = await f.as('owner-a', DELETE, { id: ownerMembership!.id }, f.a.id);
    expect(remove.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'lastOwner' });

    // The member manager may manage members but not make itself (or anyone) an owner.
    const [manager] = await db.select({ id: companyOnUser.id }).from(companyOnUser).where(and(eq(companyOnUser.companyId, f.a.id), eq(companyOnUser.roleId, managerRoleId))).limit(1);
    const escalate = await f.as('manager-a', UPDATE, { id: manager!.id, roleId: f.a.ownerRoleId }, f.a.id);
    expect(escalate.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const demoteByManager = await f.as('manager-a', DELETE, { id: ownerMembership!.id }, f.a.id);
    expect(demoteByManager.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // With a second owner, the first can step down.
    const promoted = await f.as('owner-a', UPDATE, { id: manager!.id, roleId: f.a.ownerRoleId }, f.a.id);
    expect(promoted.body.data?.updateOneCompanyOnUser).toMatchObject({ isOwner: true });
    const stepDown = await f.as('owner-a', UPDATE, { id: ownerMembership!.id, roleId: managerRoleId }, f.a.id);
    expect(stepDown.body.data?.updateOneCompanyOnUser).toMatchObject({ isOwner: false });
  });

  /** A user as the identity provider describes them: their address confirmed or not. */
  async function signedIn(subject: string, email: string, verified: boolean) {
    const token = await f.h.issuer.sign({ sub: subject, aud: AUDIENCE, email, email_verified: verified });
    await f.h.call('{ findMe { id } }', { token });
    const id = (await f.h.database.db.select({ id: user.id }).from(user).where(eq(user.externalId, subject)))[0]!.id;
    return { id, call: (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => f.h.call(query, { token, variables, headers }) };
  }
  const membershipsOf = (userId: string) => f.h.database.db.select({ companyId: companyOnUser.companyId, roleId: companyOnUser.roleId }).from(companyOnUser).where(eq(companyOnUser.userId, userId));

  it('nobody joins without acting: a first sign-in joins nothing, and the holder of the confirmed address joins by accepting', async () => {
    const invited = await signedIn('invited', 'invited@example.test', true);
    const sent = await f.as('manager-a', CREATE, { data: { email: 'Invited@Example.test', roleId: managerRoleId } }, f.a.id);
    const invitationId = (sent.body.data?.createOneCompanyOnUser as { id: string }).id;
    // Signing in again (any call) joins nothing either.
    await invited.call('{ findMe { id } }');
    expect(await membershipsOf(invited.id)).toEqual([]);

    const mine = await invited.call(MINE);
    expect(mine.body.data?.findMyMemberInvitations).toEqual([{ id: invitationId, email: 'Invited@Example.test', companyName: 'Company A', roleName: 'Member manager', inviterName: 'manager-a@example.test' }]);
    // Their notifications have it too, addressed to them.
    const [copy] = (await f.events('companyOnUser.create', invitationId)).filter((event) => event.toId === invited.id);
    expect(copy?.eventData).toMatchObject({ invitation: true, invitee: true, companyId: f.a.id });

    const accepted = await invited.call(ACCEPT, { id: invitationId });
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data?.acceptMemberInvitation).toEqual({ companyId: f.a.id, companyName: 'Company A' });
    expect(await membershipsOf(invited.id)).toEqual([{ companyId: f.a.id, roleId: managerRoleId }]);
    expect(await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitationId))).toEqual([]);
    const joinedEvents = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'companyOnUser.create'), eq(generalEventslog.fromId, invited.id)));
    expect(joinedEvents[0]?.eventData).toMatchObject({ invitationId, after: { userId: invited.id, roleId: managerRoleId } });
    // Used up: a second accept finds nothing.
    expect((await invited.call(ACCEPT, { id: invitationId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses an invitation to anyone but the holder of its confirmed address', async () => {
    const sent = await f.as('manager-a', CREATE, { data: { email: 'claimed@example.test', roleId: managerRoleId } }, f.a.id);
    const invitationId = (sent.body.data?.createOneCompanyOnUser as { id: string }).id;
    // The attack of the probe: an account for the address whose provider never confirmed it.
    const squatter = await signedIn('squatter', 'claimed@example.test', false);
    expect((await squatter.call(MINE)).body.data?.findMyMemberInvitations).toEqual([]);
    expect((await squatter.call(ACCEPT, { id: invitationId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await membershipsOf(squatter.id)).toEqual([]);

    // Someone else entirely, by id: NOT_FOUND, exactly like an unknown id.
    const other = await signedIn('other', 'other@example.test', true);
    const byId = await other.call(ACCEPT, { id: invitationId });
    const unknownId = await other.call(ACCEPT, { id: RANDOM });
    expect(byId.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(byId.body).toEqual(unknownId.body);
    expect((await other.call(DECLINE, { id: invitationId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await membershipsOf(other.id)).toEqual([]);
    // A made-up token is NOT_FOUND too, and a guest cannot answer at all.
    expect((await other.call(ACCEPT, { token: 'x'.repeat(43) })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.h.call(ACCEPT, { variables: { id: invitationId } })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitationId))).toHaveLength(1);
  });

  it('lets the invited person decline, which ends the invitation and tells the company', async () => {
    const sent = await f.as('manager-a', CREATE, { data: { email: 'declines@example.test', roleId: managerRoleId } }, f.a.id);
    const invitationId = (sent.body.data?.createOneCompanyOnUser as { id: string }).id;
    const person = await signedIn('declines', 'declines@example.test', true);
    expect((await person.call(DECLINE, { id: invitationId })).body.data?.declineMemberInvitation).toBe(invitationId);
    expect(await membershipsOf(person.id)).toEqual([]);
    expect((await f.events('companyOnUser.delete', invitationId))[0]?.eventData).toMatchObject({ invitation: true, declined: true });
    expect((await person.call(ACCEPT, { id: invitationId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lists open invitations for companyOnUser read and withdraws one with companyOnUser delete; B cannot reach them', async () => {
    const INVITATIONS = '{ findManyCompanyMemberInvitation { id email } }';
    const WITHDRAW = 'mutation ($id: ID!) { deleteOneCompanyMemberInvitation(id: $id) }';
    const sent = await f.as('manager-a', CREATE, { data: { email: 'later@example.test', roleId: managerRoleId } }, f.a.id);
    const invitationId = (sent.body.data?.createOneCompanyOnUser as { id: string }).id;
    const listed = (await f.as('reader-a', INVITATIONS, {}, f.a.id)).body.data?.findManyCompanyMemberInvitation as Array<{ id: string; email: string }>;
    expect(listed).toContainEqual({ id: invitationId, email: 'later@example.test' });

    expect((await f.as('reader-a', WITHDRAW, { id: invitationId }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const probe = await f.as('owner-b', WITHDRAW, { id: invitationId }, f.b.id);
    const unknown = await f.as('owner-b', WITHDRAW, { id: RANDOM }, f.b.id);
    expect(probe.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(probe.body).toEqual(unknown.body);
    expect((await f.as('owner-b', INVITATIONS, {}, f.b.id)).body.data?.findManyCompanyMemberInvitation).toEqual([]);

    expect((await f.as('manager-a', WITHDRAW, { id: invitationId }, f.a.id)).body.data?.deleteOneCompanyMemberInvitation).toBe(invitationId);
    expect(await f.events('companyOnUser.delete', invitationId)).toHaveLength(1);
    expect(await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitationId))).toEqual([]);
  });
});
