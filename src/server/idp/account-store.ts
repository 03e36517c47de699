import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Account, FindAccount } from 'oidc-provider';
import type { AppDatabase } from '../db/client';
import { identityAccount } from '../db/schema';
import { lockedUntilAfter, PhantomLockouts, tooManyAttemptsMessage } from './login-lockout';
import { hashPassword, verifyPassword } from './password-hash';
import { normalizeEmail, validateSignUp, type FieldErrors, type SignUpInput } from './sign-up-validation';
import { isUuid } from '../../lib/ids';

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong email or password.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';

export type AuthenticationResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'wrong-credentials'; message: string }
  | { ok: false; reason: 'locked'; message: string; lockedUntil: Date };

export type CreateAccountResult = { ok: true; accountId: string } | { ok: false; fieldErrors: FieldErrors };

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
  authenticate(email: string, password: string): Promise<AuthenticationResult>;
  createAccount(input: SignUpInput): Promise<CreateAccountResult>;
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

export function createAccountStore(db: AppDatabase, options: { rolesClaim: string }): AccountStore {
  const phantomLockouts = new PhantomLockouts();
  // Unknown e-mails are checked against this hash so that they take as long as known ones.
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

  async function recordFailure(accountId: string, now: Date): Promise<void> {
    // Incremented in SQL: parallel attempts must each count.
    const [row] = await db
      .update(identityAccount)
      .set({ failedLoginCount: sql`${identityAccount.failedLoginCount} + 1` })
      .where(eq(identityAccount.id, accountId))
      .returning({ failedLoginCount: identityAccount.failedLoginCount });
    const lockedUntil = row ? lockedUntilAfter(row.failedLoginCount, now) : null;
    if (lockedUntil) await db.update(identityAccount).set({ lockedUntil }).where(eq(identityAccount.id, accountId));
  }

  const wrongCredentials: AuthenticationResult = { ok: false, reason: 'wrong-credentials', message: WRONG_CREDENTIALS_MESSAGE };
  const locked = (lockedUntil: Date, now: Date): AuthenticationResult => ({
    ok: false,
    reason: 'locked',
    message: tooManyAttemptsMessage(lockedUntil, now),
    lockedUntil,
  });

  return {
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const row = await findById(sub);
      if (!row) return undefined;
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

    async authenticate(email, password) {
      const now = new Date();
      const normalized = normalizeEmail(email);
      const account = normalized ? await findByEmail(normalized) : null;
      if (!account) {
        const phantomLock = phantomLockouts.lockedUntil(normalized, now);
        if (phantomLock) return locked(phantomLock, now);
        await verifyPassword(password, await dummyHash);
        if (normalized) phantomLockouts.recordFailure(normalized, now);
        return wrongCredentials;
      }
      if (account.lockedUntil && account.lockedUntil > now) return locked(account.lockedUntil, now);
      if (!(await verifyPassword(password, account.passwordHash))) {
        await recordFailure(account.id, now);
        return wrongCredentials;
      }
      if (account.failedLoginCount > 0 || account.lockedUntil) {
        await db.update(identityAccount).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(identityAccount.id, account.id));
      }
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
        return { ok: true, accountId: row.id };
      } catch (error) {
        // The unique index on lower(email) decides, so two sign-ups racing cannot both win.
        if (isUniqueViolation(error)) return { ok: false, fieldErrors: { email: EMAIL_TAKEN_MESSAGE } };
        throw error;
      }
    },
  };
}
