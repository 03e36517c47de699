/** Failed sign-ins in a row after which an account is locked. */
export const MAX_FAILED_ATTEMPTS = 5;

const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;

/**
 * When an account with `failedCount` failures in a row unlocks: null below the limit,
 * then 1 minute, doubling with every further failure, at most an hour. The count only
 * resets on a successful sign-in, so an attacker who waits gets ever longer locks.
 */
export function lockedUntilAfter(failedCount: number, now: Date): Date | null {
  if (failedCount < MAX_FAILED_ATTEMPTS) return null;
  const duration = Math.min(FIRST_LOCK_MS * 2 ** (failedCount - MAX_FAILED_ATTEMPTS), LONGEST_LOCK_MS);
  return new Date(now.getTime() + duration);
}

export function tooManyAttemptsMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

interface PhantomState {
  failedCount: number;
  lockedUntil: Date | null;
}

/**
 * Failures against e-mails that have no account, locked like real accounts: otherwise
 * "Too many attempts" would appear only for e-mails that exist. Kept in memory per
 * process and bounded (oldest forgotten first): it imitates, it does not defend.
 */
export class PhantomLockouts {
  private readonly states = new Map<string, PhantomState>();

  constructor(private readonly maxEntries = 10_000) {}

  lockedUntil(email: string, now: Date): Date | null {
    const lockedUntil = this.states.get(email)?.lockedUntil ?? null;
    return lockedUntil && lockedUntil > now ? lockedUntil : null;
  }

  recordFailure(email: string, now: Date): void {
    const failedCount = (this.states.get(email)?.failedCount ?? 0) + 1;
    this.states.delete(email);
    this.states.set(email, { failedCount, lockedUntil: lockedUntilAfter(failedCount, now) });
    if (this.states.size > this.maxEntries) {
      const oldest = this.states.keys().next().value;
      if (oldest !== undefined) this.states.delete(oldest);
    }
  }
}
