import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserState } from '../../../../src/lib/account/current-user-state';
import { FIND_ME_QUERY, toCurrentUser } from '../../../../src/lib/account/current-user';
import { can } from '../../../../src/lib/permissions/effective-permissions';
import type { PermissionSet } from '../../../../src/lib/permissions/resources';
import { DEMO_ACCOUNTS, type DemoAccountKey } from '../../../../src/server/db/seed/demo-accounts';
import { seedDemoData } from '../../../../src/server/db/seed/demo-seed';
import { user } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';

const FIND_ME = `{ findMe {
  email isAdmin adminPermissions isImpersonate redirect
  profile { profileName profileScore }
  companies { company { name verificationStatus } role { role } effectivePermissions }
} }`;

interface Me {
  email: string;
  isAdmin: boolean;
  adminPermissions: string[];
  isImpersonate: boolean;
  redirect: string | null;
  profile: { profileName: string; profileScore: number } | null;
  companies: Array<{ company: { name: string; verificationStatus: string }; role: { role: string } | null; effectivePermissions: PermissionSet | null }>;
}

// What each demo account sees of itself through the API (README: demo accounts), with a
// token as the built-in provider issues it: subject = identity account id, platform roles.
describe('findMe for each demo account', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness('pglite');
    await seedDemoData(h.database.db);
  }, 120_000);
  afterAll(() => h?.close());

  async function tokenOf(key: DemoAccountKey): Promise<string> {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key)!;
    const [row] = await h.database.db.select({ externalId: user.externalId }).from(user).where(eq(user.email, account.email));
    return h.token(row!.externalId, { email: account.email, roles: [...account.roles] });
  }

  async function me(key: DemoAccountKey): Promise<Me> {
    const { body } = await h.call(FIND_ME, { token: await tokenOf(key) });
    expect(body.errors).toBeUndefined();
    return (body.data as { findMe: Me }).findMe;
  }

  it('the talent has a profile with a score and no company', async () => {
    const talent = await me('talent');
    expect(talent.profile?.profileScore).toBeGreaterThan(0);
    expect(talent.companies).toEqual([]);
    expect([talent.isAdmin, talent.isImpersonate, talent.redirect]).toEqual([false, false, null]);
  });

  it('the owner is in three companies; permissions only for the verified ones', async () => {
    const owner = await me('owner');
    const byName = new Map(owner.companies.map((membership) => [membership.company.name, membership]));
    expect([...byName.keys()].sort()).toEqual(['Brightpath Consulting', 'Kite Analytics', 'Northwind Labs']);
    expect(can(byName.get('Northwind Labs')!.effectivePermissions, 'company', 'update')).toBe(true);
    expect(can(byName.get('Northwind Labs')!.effectivePermissions, 'jobAd', 'delete')).toBe(false);
    expect(byName.get('Kite Analytics')!.effectivePermissions).toBeNull();
  });

  it('the recruiter reads talents and applications but not members or roles', async () => {
    const [membership, ...others] = (await me('recruiter')).companies;
    expect(others).toEqual([]);
    expect(membership!.role?.role).toBe('Recruiter');
    const permissions = membership!.effectivePermissions;
    expect([can(permissions, 'talentProfile', 'read'), can(permissions, 'talentJobApplication', 'read')]).toEqual([true, true]);
    expect([can(permissions, 'companyOnUser', 'read'), can(permissions, 'companyRole', 'read'), can(permissions, 'company', 'update')]).toEqual([false, false, false]);
  });

  it('the admin is an admin and the support agent an impersonator, neither the other', async () => {
    const admin = await me('admin');
    const support = await me('support');
    expect([admin.isAdmin, admin.isImpersonate]).toEqual([true, false]);
    expect([support.isAdmin, support.isImpersonate]).toEqual([false, true]);
  });

  it('the admin is a super admin and the moderator an admin with moderation only', async () => {
    expect((await me('admin')).adminPermissions).toEqual(['moderation', 'verification', 'finance', 'support', 'flags', 'admins']);
    const moderator = await me('moderator');
    expect([moderator.isAdmin, moderator.adminPermissions]).toEqual([true, ['moderation']]);
    expect((await me('support')).adminPermissions).toEqual([]);
  });

  it('the current-user state for the browser, built from the BFF query holds memberships, the selected company and score items', async () => {
    const owner = await h.call(FIND_ME_QUERY, { token: await tokenOf('owner') });
    expect(owner.body.errors).toBeUndefined();
    const ownerUser = toCurrentUser(owner.body.data!);
    const northwind = ownerUser.companies.find((company) => company.name === 'Northwind Labs')!;
    const state = currentUserState(ownerUser, northwind.id);
    expect(state.selectedCompany?.company).toMatchObject({ id: northwind.id, name: 'Northwind Labs', verificationStatus: 'verified', deletedAt: null });
    expect(state.selectedCompany?.company.logo).toMatch(/^data:image\/svg\+xml|^\//);
    expect(state.selectedCompany?.role?.role).toBe('Owner');
    expect(can(state.permissions, 'company', 'update')).toBe(true);
    expect(state.companies).toHaveLength(3);

    const talent = await h.call(FIND_ME_QUERY, { token: await tokenOf('talent') });
    const talentState = currentUserState(toCurrentUser(talent.body.data!), null);
    expect(Object.keys(talentState.scoreItems ?? {}).sort()).toEqual(
      ['descriptionLong', 'education', 'experience', 'jobTitle', 'languages', 'location', 'profileName', 'profilePicture', 'rate', 'skills', 'totalExperience'],
    );
    expect(talentState.scoreItems?.profileName).toBe(true);
  });
});
