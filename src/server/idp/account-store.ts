import { randomBytes } from 'node:crypto';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Account, FindAccount } from 'oidc-provider';
import type { AppDatabase } from '../db/client';
import { identityAccount, identityProviderState, user } from '../db/schema';
import { isUniqueViolation } from '../db/database-error';
import { maySignIn } from '../../lib/admin/user-status';
import { LoginThrottle, type Throttled } from './login-throttle';
import { hashPassword, verifyPassword } from '../crypto/password-hash';
import { normalizeEmail, passwordIssueOf, validateSignUp, type SignUpInput, type SignUpIssue } from './sign-up-validation';
import { passwordStamp, type AccountLink } from './account-link';
import { isUuid } from '../../lib/ids';
import { hasControlCharacters } from '../../lib/text/control-characters';

/** An account as the mails that act on it need it: the address, the name, and the stamp its links carry. */
export interface AccountAddress {
  accountId: string;
  email: string;
  name: string;
  /** passwordStamp of the current password hash (account-link.ts). */
  stamp: string;
}

/** Why a sign-in failed, as a reason the sign-in page words (`identity.pages.signIn.errors`). */
export type AuthenticationResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'wrong-credentials' }
  /** The right password for an account the platform blocked. */
  | { ok: false; reason: 'blocked' }
  /** The right password for an account whose address was never confirmed: it cannot be used until it is. */
  | { ok: false; reason: 'unconfirmed'; account: AccountAddress }
  | ({ ok: false; reason: 'throttled' } & Throttled);

/**
 * A valid sign-up names an account either way: a new one (or an unconfirmed one it
 * replaced: `isNew`, a confirmation link goes out), or the confirmed one that already had
 * the e-mail. The caller answers both alike (so nobody learns which e-mails have an
 * account) and tells the owner by e-mail.
 */
export type CreateAccountResult = ({ ok: true; isNew: boolean } & AccountAddress) | { ok: false; issues: SignUpIssue[] };

/** A new password set through a reset link: the account, or why not. */
export type ResetPasswordResult = { ok: true; accountId: string } | { ok: false; reason: 'link' } | { ok: false; reason: 'invalid'; issues: SignUpIssue[] };

/** A signed-in user's password change: done, or why not (the current password, the new one's rules, the throttle). */
export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; reason: 'wrong-password' | 'unknown' }
  | { ok: false; reason: 'invalid'; issues: SignUpIssue[] }
  | ({ ok: false; reason: 'throttled' } & Throttled);

/** How long an unconfirmed sign-up is kept before it is deleted (its address is free again). */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;

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
  /**
   * Marks the account's e-mail confirmed (its owner followed the link sent to it), if the
   * link was made under the current password; answers the account id, or null.
   */
  confirmEmail(link: AccountLink): Promise<string | null>;
  /** Whether a link was made under the account's current password (not yet used, not replaced). */
  isCurrentLink(link: AccountLink): Promise<boolean>;
  /** The account of an address, for the password reset mail; null when there is none. */
  accountByEmail(email: string): Promise<AccountAddress | null>;
  /**
   * Sets a new password through a reset link made under the current one (so a link works
   * once), confirms the address (the link reached it) and ends the account's provider
   * sessions, grants and tokens; the caller ends the product's own sessions.
   */
  resetPassword(link: AccountLink, password: string): Promise<ResetPasswordResult>;
  /**
   * A signed-in user's new password: the current one must be right (counted by the sign-in
   * throttle like any sign-in attempt from `client`); then, as after a reset, the account's
   * provider sessions, grants and tokens end, and the caller ends the product's own.
   */
  changePassword(accountId: string, current: string, next: string, client: string): Promise<ChangePasswordResult>;
  /** Deletes sign-ups never confirmed within UNCONFIRMED_ACCOUNT_DAYS that never used the product; answers how many. */
  deleteUnconfirmedAccounts(now?: Date): Promise<number>;
}

type AccountRow = typeof identityAccount.$inferSelect;


function addressOf(row: AccountRow): AccountAddress {
  return { accountId: row.id, email: row.email, name: row.name ?? '', stamp: passwordStamp(row.passwordHash) };
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

/**
 * `throttle`: the sign-in throttle, shared with the second factor's code checks (one
 * allowance of failures per client for both); a new one when not given.
 */
export function createAccountStore(db: AppDatabase, options: { rolesClaim: string; clientFailuresPerWindow?: number; throttle?: LoginThrottle }): AccountStore {
  const throttle = options.throttle ?? new LoginThrottle(options.clientFailuresPerWindow);
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
   * Sets a new password (which also confirms the address: only its owner got this far), if
   * the password is still the one `row` was read with: two changes racing, one wins. Every
   * provider session, grant, code and token of the account ends with it: whoever held the
   * old password is signed out everywhere, and their refresh tokens stop working.
   */
  async function replacePassword(row: AccountRow, password: string): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(identityAccount)
        .set({ passwordHash, emailVerified: true, updatedAt: new Date() })
        .where(and(eq(identityAccount.id, row.id), eq(identityAccount.passwordHash, row.passwordHash)))
        .returning({ id: identityAccount.id });
      if (!rows.length) return false;
      await tx.delete(identityProviderState).where(sql`${identityProviderState.payload}->>'accountId' = ${row.id}`);
      return true;
    });
  }

  /**
   * Whether the product lets this account in: its user (the API's row for this subject)
   * must not be blocked or deleted by an admin. An account that has never used
   * the product has no user row yet and may.
   */
  async function mayUseProduct(accountId: string): Promise<boolean> {
    const [row] = await db.select({ status: user.status }).from(user).where(eq(user.externalId, accountId)).limit(1);
    return !row || maySignIn(row.status);
  }

  return {
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const row = await findById(sub);
      // A blocked or unconfirmed account is unknown to the provider: its provider session
      // asks to sign in again, its codes and refresh tokens are refused (invalid_grant).
      if (!row || !row.emailVerified || !(await mayUseProduct(row.id))) return undefined;
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
      // Nobody uses an address they have not shown they own: not even its own sign-up.
      if (!account.emailVerified) return { ok: false, reason: 'unconfirmed', account: addressOf(account) };
      return { ok: true, accountId: account.id };
    },

    async createAccount(input) {
      const validation = validateSignUp(input);
      if (!validation.ok) return validation;
      const { name, email, password } = validation.value;
      const passwordHash = await hashPassword(password);
      try {
        const [row] = await db.insert(identityAccount).values({ name, email, passwordHash }).returning();
        if (!row) throw new Error('the new account was not returned');
        return { ok: true, isNew: true, ...addressOf(row) };
      } catch (error) {
        // The unique index on lower(email) decides, so two sign-ups racing cannot both win.
        // The password was hashed either way, so both answers take the same time.
        if (!isUniqueViolation(error)) throw error;
        // An address nobody confirmed belongs to nobody yet: the newest sign-up replaces the
        // earlier one (its password, its name), and the earlier link dies with its password.
        const [replaced] = await db
          .update(identityAccount)
          .set({ name, passwordHash, updatedAt: new Date() })
          .where(and(sql`lower(${identityAccount.email}) = ${email}`, eq(identityAccount.emailVerified, false)))
          .returning();
        if (replaced) return { ok: true, isNew: true, ...addressOf(replaced) };
        const existing = await findByEmail(email);
        if (!existing) throw error;
        return { ok: true, isNew: false, ...addressOf(existing), name: existing.name ?? name };
      }
    },

    async confirmEmail(link) {
      const row = await findById(link.accountId);
      if (!row || passwordStamp(row.passwordHash) !== link.stamp) return null;
      if (!row.emailVerified) await db.update(identityAccount).set({ emailVerified: true, updatedAt: new Date() }).where(eq(identityAccount.id, row.id));
      return row.id;
    },

    async isCurrentLink(link) {
      const row = await findById(link.accountId);
      return row !== null && passwordStamp(row.passwordHash) === link.stamp;
    },

    async accountByEmail(email) {
      const normalized = hasControlCharacters(email) ? '' : normalizeEmail(email);
      const row = normalized ? await findByEmail(normalized) : null;
      return row ? addressOf(row) : null;
    },

    async resetPassword(link, password) {
      const issue = passwordIssueOf(password);
      // Checked before the link so that a valid link is not spent on a password that is refused.
      if (issue) return { ok: false, reason: 'invalid', issues: [issue] };
      const row = await findById(link.accountId);
      if (!row || passwordStamp(row.passwordHash) !== link.stamp) return { ok: false, reason: 'link' };
      return (await replacePassword(row, password)) ? { ok: true, accountId: row.id } : { ok: false, reason: 'link' };
    },

    async changePassword(accountId, current, next, client) {
      const row = await findById(accountId);
      if (!row) return { ok: false, reason: 'unknown' };
      const issue = passwordIssueOf(next);
      if (issue) return { ok: false, reason: 'invalid', issues: [issue] };
      // The current password is checked as a sign-in is, throttle included: a session left
      // open on a shared computer does not let anyone guess it at leisure.
      const check = await this.authenticate(row.email, current, client);
      if (!check.ok && check.reason === 'throttled') return check;
      if (!check.ok) return { ok: false, reason: 'wrong-password' };
      return (await replacePassword(row, next)) ? { ok: true } : { ok: false, reason: 'wrong-password' };
    },

    async deleteUnconfirmedAccounts(now = new Date()) {
      const before = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
      // An account that already has a user row signed in before confirmation was required:
      // it keeps its data and confirms at its next sign-in instead.
      const rows = await db
        .delete(identityAccount)
        .where(
          and(
            eq(identityAccount.emailVerified, false),
            lt(identityAccount.createdAt, before),
            notExists(db.select({ one: sql`1` }).from(user).where(eq(user.externalId, sql`${identityAccount.id}::text`))),
          ),
        )
        .returning({ id: identityAccount.id });
      return rows.length;
    },
  };
}
