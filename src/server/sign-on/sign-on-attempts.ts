import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { signOnAttempt } from '../db/schema';

// A sign-in sent to a company's identity provider, from the request to the provider's answer
// and on to the built-in provider's interaction it finishes. Each step takes the attempt
// once: an answer replayed, or a finished sign-in's address opened again, finds nothing.

export type SignOnAttempt = typeof signOnAttempt.$inferSelect;

/** Long enough to type a password and a code at the company's provider; short enough that a stolen answer is soon useless. */
export const SIGN_ON_ATTEMPT_MINUTES = 10;

export const newSignOnState = (): string => randomBytes(32).toString('base64url');

export async function createSignOnAttempt(
  db: Pick<AppDatabase, 'insert'>,
  values: { state: string; interactionUid: string; idpId: string; email: string | null; nonce?: string; codeVerifier?: string; requestId?: string },
  now = new Date(),
): Promise<void> {
  await db.insert(signOnAttempt).values({ ...values, expiresAt: new Date(now.getTime() + SIGN_ON_ATTEMPT_MINUTES * 60_000) });
}

/** The open attempt of a state (not answered, not expired), or null. */
export async function openSignOnAttempt(db: Pick<AppDatabase, 'select'>, state: string, now = new Date()): Promise<SignOnAttempt | null> {
  const [row] = await db
    .select()
    .from(signOnAttempt)
    .where(and(eq(signOnAttempt.state, state), isNull(signOnAttempt.consumedAt), gt(signOnAttempt.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Records the account an answer signed in; false when another request took the attempt first (a replay racing). */
export async function answerSignOnAttempt(db: Pick<AppDatabase, 'update'>, id: string, accountId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(signOnAttempt)
    .set({ consumedAt: now, accountId, updatedAt: now })
    .where(and(eq(signOnAttempt.id, id), isNull(signOnAttempt.consumedAt), gt(signOnAttempt.expiresAt, now)))
    .returning({ id: signOnAttempt.id });
  return rows.length === 1;
}

/** Takes (deletes) an answered attempt of this interaction: the account it signs in, or null. */
export async function takeAnsweredSignOnAttempt(db: Pick<AppDatabase, 'delete'>, state: string, interactionUid: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .delete(signOnAttempt)
    .where(and(eq(signOnAttempt.state, state), eq(signOnAttempt.interactionUid, interactionUid), sql`${signOnAttempt.consumedAt} is not null`, gt(signOnAttempt.expiresAt, now)))
    .returning({ accountId: signOnAttempt.accountId });
  return row?.accountId ?? null;
}

/** Deletes attempts past their time (the provider's hourly sweep). */
export async function deleteExpiredSignOnAttempts(db: Pick<AppDatabase, 'delete'>, now = new Date()): Promise<number> {
  const rows = await db.delete(signOnAttempt).where(lt(signOnAttempt.expiresAt, now)).returning({ id: signOnAttempt.id });
  return rows.length;
}
