import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Account, FindAccount } from 'oidc-provider';
import type { AppDatabase } from '../db/client';
import { identityAccount, user } from '../db/schema';
import { maySignIn } from '../../lib/admin/user-status';
import { LoginThrottle, type Throttled } from './login-throttle';
import { hashPassword, verifyPassword } from '../crypto/password-hash';
import { normalizeEmail, validateSignUp, type SignUpInput, type SignUpIssue } from './sign-up-validation';
import { isUuid } from '../../lib/ids';
import { hasControlCharacters } from '../../lib/text/control-characters';

/** Why a sign-in failed, as a reason the sign-in page words (`identity.pages.signIn.errors`). */
export type AuthenticationResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'wrong-credentials' }
  /** The right password for an account the platform blocked (issue 19). */
  | { ok: false; reason: 'blocked' }
  | ({ ok: false; reason: 'throttled' } & Throttled);

/**
 * A valid sign-up names an account either way: a new one, or the one that already had
 * the e-mail. The caller answers both alike (so nobody learns which e-mails have an
 * account) and tells the owner by e-mail.
 */
export type CreateAccountResult =
  | { ok: true; accountId: string; email: string; name: string; isNew: boolean }
  | { ok: false; issues: SignUpIssue[] };

/** What tokens say about an account (ID token, JWT access token). */
export interface AccountClaimSet {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  roles: string[];
}

export interface AccountStore {
  /** oidc-provider's `findAccount`; the roles list is published under the roles claim. */
  findAccount: FindAccount;
  claimsOf(accountId: string): Promise<AccountClaimSet | null>;
  /** `client` is the socket address the attempt came from: failures are counted per client. */
  authenticate(email: string, password: string, client: string): Promise<AuthenticationResult>;
  createAccount(input: SignUpInput): Promise<CreateAccountResult>;
  /** Marks the account's e-mail confirmed (its owner followed the link sent to it). */
  confirmEmail(accountId: string): Promise<boolean>;
}

type AccountRow = typeof identityAccount.$inferSelect;


function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function claimSetOf(row: AccountRow): AccountClaimSet {
  return {
    sub: row.id,
    email: row.email,
    email_verified: row.emailVerified,
    ...(row.name ? { name: row.name } : {}),
    roles: row.roles,
  };
}

export function createAccountStore(db: AppDatabase, options: { rolesClaim: string; clientFailuresPerWindow?: number }): AccountStore {
  const throttle = new LoginThrottle(options.clientFailuresPerWindow);
  // The hash unknown e-mails are checked against (see authenticate).
  const dummyHash = hashPassword(randomBytes(16).toString('base64url'));
  dummyHash.catch(() => {});

  async function findById(accountId: string): Promise<AccountRow | null> {
    // The column is a uuid: anything else would make PostgreSQL fail the query.
    if (!isUuid(accountId)) return null;
    const [row] = await db.select().from(identityAccount).where(eq(identityAccount.id, accountId)).limit(1);
    return row ?? null;
  }

  async function findByEmail(email: string): Promise<AccountRow | null> {
    const [row] = await db
      .select()
      .from(identityAccount)
      .where(sql`lower(${identityAccount.email}) = ${email}`)
      .limit(1);
    return row ?? null;
  }

  const wrongCredentials: AuthenticationResult = { ok: false, reason: 'wrong-credentials' };

  /**
   * Whether the product lets this account in: its user (the API's row for this subject)
   * must not be blocked or deleted by an admin (issue 19). An account that has never used
   * the product has no user row yet and may.
   */
  async function mayUseProduct(accountId: string): Promise<boolean> {
    const [row] = await db.select({ status: user.status }).from(user).where(eq(user.externalId, accountId)).limit(1);
    return !row || maySignIn(row.status);
  }

  return {
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const row = await findById(sub);
      // A blocked account is unknown to the provider: its provider session asks to sign in
      // again, its codes and refresh tokens are refused (invalid_grant).
      if (!row || !(await mayUseProduct(row.id))) return undefined;
      const claims = claimSetOf(row);
      return {
        accountId: row.id,
        // oidc-provider picks what the granted scopes allow from these.
        claims: () => {
          const { roles, ...standard } = claims;
          return { ...standard, [options.rolesClaim]: roles };
        },
      };
    },

    async claimsOf(accountId) {
      const row = await findById(accountId);
      return row ? claimSetOf(row) : null;
    },

    async authenticate(email, password, client) {
      // A control character (NUL) is in no e-mail address, and PostgreSQL refuses it in text.
      const normalized = hasControlCharacters(email) ? '' : normalizeEmail(email);
      // Asked before the database and the hash, so a refusal takes the same time for every e-mail.
      const throttled = await throttle.attempt(client, normalized);
      if (throttled) return { ok: false, reason: 'throttled', ...throttled };
      const account = normalized ? await findByEmail(normalized) : null;
      // Unknown e-mails are checked against the dummy hash so that they take as long as known ones.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
      // The attempt was counted as a failure already (see LoginThrottle.attempt).
      if (!account || !matches) return wrongCredentials;
      await throttle.succeeded(client, normalized);
      // Said only after the right password, so it tells nobody else that the address has an account.
      if (!(await mayUseProduct(account.id))) return { ok: false, reason: 'blocked' };
      return { ok: true, accountId: account.id };
    },

    async createAccount(input) {
      const validation = validateSignUp(input);
      if (!validation.ok) return validation;
      const { name, email, password } = validation.value;
      try {
        const [row] = await db
          .insert(identityAccount)
          .values({ name, email, passwordHash: await hashPassword(password) })
          .returning({ id: identityAccount.id });
        if (!row) throw new Error('the new account was not returned');
        return { ok: true, accountId: row.id, email, name, isNew: true };
      } catch (error) {
        // The unique index on lower(email) decides, so two sign-ups racing cannot both win.
        // The password was hashed either way, so both answers take the same time.
        if (!isUniqueViolation(error)) throw error;
        const existing = await findByEmail(email);
        if (!existing) throw error;
        return { ok: true, accountId: existing.id, email: existing.email, name: existing.name ?? name, isNew: false };
      }
    },

    async confirmEmail(accountId) {
      if (!isUuid(accountId)) return false;
      const rows = await db.update(identityAccount).set({ emailVerified: true }).where(eq(identityAccount.id, accountId)).returning({ id: identityAccount.id });
      return rows.length > 0;
    },
  };
}
