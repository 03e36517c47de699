import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS } from '../../../lib/feature-flags/feature-flags';
import { adminRoleFor } from '../../../lib/permissions/admin-permissions';
import { admin, featureFlag, identityAccount, user, userFeatureFlag } from '../schema';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays } from './dates';
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET, type DemoAccountKey } from './demo-accounts';

export interface SeededAccount {
  userId: string;
  identityAccountId: string;
  email: string;
  name: string;
}

export type SeededAccounts = Record<DemoAccountKey, SeededAccount>;

// The flags the product checks (lib/feature-flags), so the demo shows none that turns
// nothing on. Held by nobody: an admin gives talent-rate-insight to the demo talent on
// /admin/feature-flags and the talent's dashboard shows "Pay for your skills".
const featureFlags = [
  { name: FEATURE_FLAGS.talentRateInsight, description: "The talent dashboard's \"Pay for your skills\" card: what open jobs asking for the talent's skills pay, and where the talent's rate sits", deleted: false },
];

const flagsPerAccount: Partial<Record<DemoAccountKey, string[]>> = {};

/**
 * One identity account (signs in at the built-in provider) and one API user per demo
 * account. The provider issues the identity account id as the token subject, so the
 * user's externalId is that id.
 */
export async function seedAccounts(ctx: SeedContext, tx: SeedTx, passwordHash: string): Promise<SeededAccounts> {
  const adminRoleId = randomUUID();
  // The moderator's admin row: the one the admins page gives an admin holding moderation only.
  const moderation = adminRoleFor(['moderation']);
  const moderationRoleId = randomUUID();
  const accounts = Object.fromEntries(
    DEMO_ACCOUNTS.map((account) => [
      account.key,
      { userId: randomUUID(), identityAccountId: randomUUID(), email: account.email, name: account.name },
    ]),
  ) as SeededAccounts;
  const since = addDays(ctx.now, -420);

  await insertRows(ctx, tx, admin, [
    { id: adminRoleId, role: 'super:admin', permissions: {} },
    { id: moderationRoleId, role: moderation.role, permissions: moderation.permissions },
  ]);
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
      ...(account.secondFactor ? { totpSecret: DEMO_TOTP_SECRET, totpEnabledAt: since } : {}),
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
      emailVerified: true,
      displayName: account.name,
      status: 'active' as const,
      adminRoleId: account.key === 'admin' ? adminRoleId : account.key === 'moderator' ? moderationRoleId : null,
      preferences: account.language === 'fr' ? { language: 'fr', timeZone: 'Europe/Paris' } : { language: 'en', timeZone: 'Europe/Lisbon' },
      lastVisit: addDays(ctx.now, -1),
      createdAt: since,
    })),
  );
  ctx.progress('accounts', DEMO_ACCOUNTS.length, DEMO_ACCOUNTS.length + featureFlags.length);

  const flagIds = new Map<string, string>(featureFlags.map((flag) => [flag.name, randomUUID()]));
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
