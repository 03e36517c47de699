import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { maySignIn } from '../../lib/admin/user-status';
import { hasControlCharacters } from '../../lib/text/control-characters';
import { hashPassword } from '../crypto/password-hash';
import type { AppDatabase } from '../db/client';
import { companyOnUser, companyRole, generalEventslog, identityAccount, user } from '../db/schema';
import { hasProvenDomain, type SignOnProvider } from './sign-on-providers';

// What a company identity provider's accepted answer does (single sign-on): it names a
// person by a subject and an address; the address must be of a domain the provider's own
// company proved, so company A's provider can never sign anyone in as B's staff. The person
// gets (or keeps) an account of the built-in provider, kept in step with the provider's name
// and address at each sign-in, and joins the company with the provider's join role.

/** Who the company's provider says signed in. */
export interface ProviderIdentity {
  /** The provider's stable name for the person (OIDC sub, SAML NameID). */
  subject: string;
  email: string;
  name: string | null;
}

/** Why an answer signs nobody in, worded on the provider's page (`identity.pages.signOn.errors`). */
export type SignOnRefusal = 'noEmail' | 'domainNotProven' | 'blocked' | 'providerRemoved';

export type SignOnJoinResult = { ok: true; accountId: string; joined: boolean } | { ok: false; reason: SignOnRefusal };

const EMAIL_MAX = 254;
const NAME_MAX = 200;

const cleanName = (name: string | null): string | null => {
  const value = name?.trim() ?? '';
  return value && !hasControlCharacters(value) ? value.slice(0, NAME_MAX) : null;
};

export async function signInThroughProvider(db: AppDatabase, provider: SignOnProvider, identity: ProviderIdentity): Promise<SignOnJoinResult> {
  const companyId = provider.companyId;
  if (!companyId) return { ok: false, reason: 'providerRemoved' };
  const email = identity.email.trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX || hasControlCharacters(email) || !email.includes('@')) return { ok: false, reason: 'noEmail' };
  if (!(await hasProvenDomain(db, companyId, email))) return { ok: false, reason: 'domainNotProven' };
  const name = cleanName(identity.name);
  // Nobody knows this password: the account signs in through its company's provider (a
  // password reset mailed to the address can still give it one, unless the company enforces sign-on).
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));

  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select()
      .from(identityAccount)
      .where(and(eq(identityAccount.federatedIdpId, provider.id), eq(identityAccount.federatedSubject, identity.subject)))
      .limit(1)
      .for('update');
    const [byEmail] = linked ? [] : await tx.select().from(identityAccount).where(sql`lower(${identityAccount.email}) = ${email}`).limit(1).for('update');
    const now = new Date();
    let accountId: string;
    if (linked ?? byEmail) {
      const account = (linked ?? byEmail)!;
      accountId = account.id;
      // The address follows the provider's unless another account already has it (then the old one stays).
      const [taken] = account.email.toLowerCase() === email ? [] : await tx.select({ id: identityAccount.id }).from(identityAccount).where(sql`lower(${identityAccount.email}) = ${email}`).limit(1);
      await tx
        .update(identityAccount)
        .set({
          ...(taken ? {} : { email }),
          ...(name ? { name } : {}),
          emailVerified: true,
          federatedIdpId: provider.id,
          federatedSubject: identity.subject,
          updatedAt: now,
        })
        .where(eq(identityAccount.id, account.id));
    } else {
      const [created] = await tx
        .insert(identityAccount)
        .values({ email, name, passwordHash: unusablePassword, emailVerified: true, federatedIdpId: provider.id, federatedSubject: identity.subject })
        .returning({ id: identityAccount.id });
      accountId = created!.id;
    }

    const [existingUser] = await tx.select().from(user).where(eq(user.externalId, accountId)).limit(1);
    let userId: string;
    if (existingUser) {
      if (!maySignIn(existingUser.status)) return { ok: false as const, reason: 'blocked' as const };
      userId = existingUser.id;
      const [taken] = existingUser.email.toLowerCase() === email ? [] : await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`).limit(1);
      await tx
        .update(user)
        .set({ ...(taken ? {} : { email }), ...(name ? { displayName: name } : {}), emailVerified: true, ipdId: provider.id, updatedAt: now })
        .where(eq(user.id, userId));
    } else {
      const [created] = await tx
        .insert(user)
        .values({ externalId: accountId, email, emailVerified: true, displayName: name, ipdId: provider.id, lastVisit: now })
        .onConflictDoNothing()
        .returning({ id: user.id });
      // Another user row holding the address (an old account) keeps it: this one starts without.
      if (!created) return { ok: false as const, reason: 'noEmail' as const };
      userId = created.id;
    }

    const joined = await joinCompany(tx, provider, companyId, userId);
    return { ok: true as const, accountId, joined };
  });
}

type Tx = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/** Makes the user a member with the provider's join role, once; answers whether they joined now. */
async function joinCompany(tx: Tx, provider: SignOnProvider, companyId: string, userId: string): Promise<boolean> {
  if (!provider.joinRoleId) return false;
  // The role must still be the company's own and not removed.
  const [role] = await tx
    .select({ id: companyRole.id })
    .from(companyRole)
    .where(and(eq(companyRole.id, provider.joinRoleId), eq(companyRole.companyId, companyId), sql`${companyRole.deletedAt} is null`))
    .limit(1);
  if (!role) return false;
  const [membership] = await tx.insert(companyOnUser).values({ companyId, userId, roleId: role.id }).onConflictDoNothing().returning({ id: companyOnUser.id });
  if (!membership) return false;
  await tx.insert(generalEventslog).values({
    fromId: userId,
    toId: companyId,
    type: 'companyOnUser.create',
    eventData: { entityId: membership.id, companyId, actorUserId: userId, action: 'signOnJoin', idpId: provider.id, idpSlug: provider.slug, before: null, after: { userId, roleId: role.id } },
  });
  return true;
}
