import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { identityAccount, identityRecoveryCode } from '../db/schema';
import { isUuid } from '../../lib/ids';
import type { LoginThrottle, Throttled } from './login-throttle';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret } from './second-factor';

/** What the pages need to know of an account's second factor. */
export interface SecondFactorStatus {
  accountId: string;
  email: string;
  roles: string[];
  enabled: boolean;
  enabledAt: Date | null;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

/** A code typed at sign-in or on the settings page: accepted (which kind), or why not. */
export type SecondFactorCheck =
  | { ok: true; kind: 'totp' | 'recovery' }
  | { ok: false; reason: 'wrong' | 'replayed' }
  | ({ ok: false; reason: 'throttled' } & Throttled);

export type EnableResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'wrong' | 'replayed' | 'no-enrolment' } | ({ ok: false; reason: 'throttled' } & Throttled);

export interface SecondFactorStore {
  status(accountId: string): Promise<SecondFactorStatus | null>;
  /** The secret being enrolled: the pending one, or a new one when there is none or `restart`. */
  pendingSecret(accountId: string, options?: { restart?: boolean }): Promise<string | null>;
  /** Confirms the pending secret with a current code: the factor is on, and ten new recovery codes are returned (once). */
  enable(accountId: string, code: string, client: string, now?: number): Promise<EnableResult>;
  /** A current TOTP code (never one of a step already used) or an unused recovery code (used up by this). */
  verify(accountId: string, code: string, client: string, now?: number): Promise<SecondFactorCheck>;
  /** Turns the factor off and deletes the recovery codes; the caller checked who asks. */
  disable(accountId: string): Promise<void>;
}

/**
 * The built-in provider's second factor in the database. Every code check goes through
 * the sign-in throttle (login-throttle.ts), counted per client and per client + account
 * as password guesses are, and in the same per-client allowance: six digits are guessed
 * no faster than a password.
 */
export function createSecondFactorStore(db: AppDatabase, throttle: LoginThrottle): SecondFactorStore {
  // The pair key of the throttle: never an e-mail (those have no "second-factor:" in them).
  const throttleKey = (accountId: string) => `second-factor:${accountId}`;

  async function accountRow(accountId: string) {
    if (!isUuid(accountId)) return null;
    const [row] = await db.select().from(identityAccount).where(eq(identityAccount.id, accountId)).limit(1);
    return row ?? null;
  }

  /** Records the step as used, unless a code of it (or later) was accepted meanwhile: of two racing uses, one wins. */
  async function useStep(accountId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(identityAccount)
      .set({ totpLastStep: step })
      .where(and(eq(identityAccount.id, accountId), or(isNull(identityAccount.totpLastStep), lt(identityAccount.totpLastStep, step))))
      .returning({ id: identityAccount.id });
    return rows.length === 1;
  }

  async function useRecoveryCode(accountId: string, code: string): Promise<boolean> {
    const rows = await db
      .update(identityRecoveryCode)
      .set({ usedAt: new Date() })
      .where(and(eq(identityRecoveryCode.accountId, accountId), eq(identityRecoveryCode.codeHash, hashRecoveryCode(code)), isNull(identityRecoveryCode.usedAt)))
      .returning({ id: identityRecoveryCode.id });
    return rows.length === 1;
  }

  /** Runs `check` under the throttle: refused unheard while the pair or client waits; a success gives the attempt back. */
  async function throttled<T extends { ok: boolean }>(accountId: string, client: string, check: () => Promise<T>): Promise<T | ({ ok: false; reason: 'throttled' } & Throttled)> {
    const key = throttleKey(accountId);
    const waiting = await throttle.attempt(client, key);
    if (waiting) return { ok: false, reason: 'throttled', ...waiting };
    const result = await check();
    if (result.ok) await throttle.succeeded(client, key);
    return result;
  }

  return {
    async status(accountId) {
      const row = await accountRow(accountId);
      if (!row) return null;
      const [left] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(identityRecoveryCode)
        .where(and(eq(identityRecoveryCode.accountId, row.id), isNull(identityRecoveryCode.usedAt)));
      return { accountId: row.id, email: row.email, roles: row.roles, enabled: row.totpSecret !== null, enabledAt: row.totpEnabledAt, recoveryCodesLeft: left?.count ?? 0 };
    },

    async pendingSecret(accountId, options = {}) {
      const row = await accountRow(accountId);
      if (!row) return null;
      if (row.totpPendingSecret && !options.restart) return row.totpPendingSecret;
      const secret = newTotpSecret();
      await db.update(identityAccount).set({ totpPendingSecret: secret }).where(eq(identityAccount.id, row.id));
      return secret;
    },

    async enable(accountId, code, client, now = Date.now()) {
      const row = await accountRow(accountId);
      const pending = row?.totpPendingSecret;
      if (!row || !pending) return { ok: false, reason: 'no-enrolment' };
      return throttled(row.id, client, async (): Promise<EnableResult> => {
        const check = checkTotp(pending, code, row.totpLastStep, now);
        if (!check.ok) return check;
        const recoveryCodes = newRecoveryCodes();
        const enabled = await db.transaction(async (tx) => {
          const rows = await tx
            .update(identityAccount)
            .set({ totpSecret: pending, totpPendingSecret: null, totpEnabledAt: new Date(now), totpLastStep: check.step, updatedAt: new Date() })
            .where(and(eq(identityAccount.id, row.id), eq(identityAccount.totpPendingSecret, pending)))
            .returning({ id: identityAccount.id });
          if (!rows.length) return false;
          await tx.delete(identityRecoveryCode).where(eq(identityRecoveryCode.accountId, row.id));
          await tx.insert(identityRecoveryCode).values(recoveryCodes.map((recoveryCode) => ({ accountId: row.id, codeHash: hashRecoveryCode(recoveryCode) })));
          return true;
        });
        return enabled ? { ok: true, recoveryCodes } : { ok: false, reason: 'no-enrolment' };
      });
    },

    async verify(accountId, code, client, now = Date.now()) {
      const row = await accountRow(accountId);
      const secret = row?.totpSecret;
      if (!row || !secret) return { ok: false, reason: 'wrong' };
      return throttled(row.id, client, async (): Promise<SecondFactorCheck> => {
        if (looksLikeRecoveryCode(code)) return (await useRecoveryCode(row.id, code)) ? { ok: true, kind: 'recovery' } : { ok: false, reason: 'wrong' };
        const check = checkTotp(secret, code, row.totpLastStep, now);
        if (!check.ok) return check;
        return (await useStep(row.id, check.step)) ? { ok: true, kind: 'totp' } : { ok: false, reason: 'replayed' };
      });
    },

    async disable(accountId) {
      if (!isUuid(accountId)) return;
      await db.transaction(async (tx) => {
        // The last step stays: a code of the old secret's steps is no use to anyone either way.
        await tx.update(identityAccount).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: new Date() }).where(eq(identityAccount.id, accountId));
        await tx.delete(identityRecoveryCode).where(eq(identityRecoveryCode.accountId, accountId));
      });
    },
  };
}
