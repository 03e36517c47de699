import { randomUUID } from 'node:crypto';
import { admin, featureFlag, identityAccount, user, userFeatureFlag } from '../schema';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays } from './dates';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './demo-accounts';

export interface SeededAccount {
  userId: string;
  identityAccountId: string;
  email: string;
  name: string;
}

export type SeededAccounts = Record<DemoAccountKey, SeededAccount>;

const featureFlags = [
  { name: 'talent-search-v2', description: 'Talent search with filters on skills, rate and availability', deleted: false },
  { name: 'billing-export', description: 'Export billings and invoices as CSV', deleted: false },
  { name: 'roster-bulk-import', description: 'Import roster talents from a spreadsheet', deleted: false },
  // Soft-deleted, so that "flags with deletedAt are ignored" can be seen.
  { name: 'legacy-dashboard', description: 'The company dashboard before the redesign', deleted: true },
];

const flagsPerAccount: Partial<Record<DemoAccountKey, string[]>> = {
  owner: ['talent-search-v2', 'billing-export'],
  admin: ['roster-bulk-import'],
};

/**
 * One identity account (signs in at the built-in provider) and one API user per demo
 * account. The provider issues the identity account id as the token subject, so the
 * user's externalId is that id.
 */
export async function seedAccounts(ctx: SeedContext, tx: SeedTx, passwordHash: string): Promise<SeededAccounts> {
  const adminRoleId = randomUUID();
  const accounts = Object.fromEntries(
    DEMO_ACCOUNTS.map((account) => [
      account.key,
      { userId: randomUUID(), identityAccountId: randomUUID(), email: account.email, name: account.name },
    ]),
  ) as SeededAccounts;
  const since = addDays(ctx.now, -420);

  await insertRows(ctx, tx, admin, [{ id: adminRoleId, role: 'super:admin', permissions: {} }]);
  await insertRows(
    ctx,
    tx,
    identityAccount,
    DEMO_ACCOUNTS.map((account) => ({
      id: accounts[account.key].identityAccountId,
      email: account.email,
      name: account.name,
      passwordHash,
      roles: [...account.roles],
      emailVerified: true,
      createdAt: since,
    })),
  );
  await insertRows(
    ctx,
    tx,
    user,
    DEMO_ACCOUNTS.map((account) => ({
      id: accounts[account.key].userId,
      externalId: accounts[account.key].identityAccountId,
      email: account.email,
      displayName: account.name,
      status: 'active' as const,
      adminRoleId: account.key === 'admin' ? adminRoleId : null,
      preferences: { language: 'en', timeZone: 'Europe/Lisbon' },
      lastVisit: addDays(ctx.now, -1),
      createdAt: since,
    })),
  );
  ctx.progress('accounts', DEMO_ACCOUNTS.length, DEMO_ACCOUNTS.length + featureFlags.length);

  const flagIds = new Map(featureFlags.map((flag) => [flag.name, randomUUID()]));
  await insertRows(
    ctx,
    tx,
    featureFlag,
    featureFlags.map((flag) => ({
      id: flagIds.get(flag.name)!,
      name: flag.name,
      description: flag.description,
      deletedAt: flag.deleted ? addDays(ctx.now, -30) : null,
    })),
  );
  await insertRows(
    ctx,
    tx,
    userFeatureFlag,
    Object.entries(flagsPerAccount).flatMap(([key, names]) =>
      names.map((name) => ({ userId: accounts[key as DemoAccountKey].userId, featureFlagId: flagIds.get(name)! })),
    ),
  );
  ctx.progress('accounts', DEMO_ACCOUNTS.length + featureFlags.length, DEMO_ACCOUNTS.length + featureFlags.length);
  return accounts;
}
