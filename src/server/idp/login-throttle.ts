import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Failed sign-ins in a row for one e-mail from one client address before that pair waits. */
export const FAILURES_BEFORE_BACKOFF = 5;
/** Failed sign-ins from one client address, whatever the e-mails, per window before it waits. */
export const CLIENT_FAILURES_PER_WINDOW = 30;
const CLIENT_WINDOW_SECONDS = 15 * 60;

const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;
/** Pairs remembered at most (oldest forgotten first): bounds the memory an attacker can fill. */
const MAX_PAIRS = 50_000;

/**
 * When a pair with `failedCount` failures in a row may try again: null below the limit,
 * then 1 minute, doubling with every further failure, at most an hour. The count only
 * resets on a successful sign-in, so a client that waits and guesses again waits longer.
 */
export function backoffUntil(failedCount: number, now: number): Date | null {
  if (failedCount < FAILURES_BEFORE_BACKOFF) return null;
  const duration = Math.min(FIRST_WAIT_MS * 2 ** (failedCount - FAILURES_BEFORE_BACKOFF), LONGEST_WAIT_MS);
  return new Date(now + duration);
}

export function tooManyAttemptsMessage(retryAt: Date, now: number): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now) / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Why a sign-in is refused unheard: `client`, the address failed too often across
 * e-mails; `account`, this address failed too often for this one e-mail.
 */
export interface Throttled {
  scope: 'client' | 'account';
  retryAt: Date;
}

interface PairState {
  failedCount: number;
  retryAt: Date | null;
}

/**
 * Slows password guessing without handing anyone a way to lock a user out: failures
 * count per client address (many e-mails from one address) and per e-mail + address
 * pair (exponential back-off), never per account alone, so the owner signing in from
 * another address is not affected by an attacker's failures.
 *
 * Keys are e-mails as typed (normalised), whether or not they have an account: an
 * unknown e-mail is throttled exactly like a known one, so "Too many attempts" tells
 * nothing about which addresses are registered.
 *
 * Counted in this process's memory: with several instances behind a load balancer each
 * counts on its own (an attacker spread over N instances gets N times the allowance),
 * and a restart forgets. The client address is the socket's, or behind TRUSTED_PROXY_HOPS
 * proxies the one they forwarded (lib/http/client-address.ts).
 */
export class LoginThrottle {
  private readonly clientFailures: RateLimiterMemory;
  private readonly pairs = new Map<string, PairState>();
  /** The attempt before this one: attempts run one after the other (see attempt). */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly clientFailuresPerWindow = CLIENT_FAILURES_PER_WINDOW) {
    this.clientFailures = new RateLimiterMemory({ points: clientFailuresPerWindow, duration: CLIENT_WINDOW_SECONDS });
  }

  /**
   * A sign-in from `client` for `email` is about to check a password: refused (the
   * answer says until when), or counted as a failure until `succeeded` says otherwise.
   * Counting before the password check, one attempt at a time (memory operations, so
   * the queue costs nothing), means guesses sent in parallel cannot all pass before the
   * first of them has failed.
   */
  attempt(client: string, email: string): Promise<Throttled | null> {
    const result = this.previous.then(async () => {
      const throttled = await this.check(client, email);
      if (!throttled) await this.recordFailure(client, email);
      return throttled;
    });
    this.previous = result.catch(() => undefined);
    return result;
  }

  /** The password was right: the pair starts afresh and the address gets its attempt back. */
  async succeeded(client: string, email: string): Promise<void> {
    this.pairs.delete(pairKey(client, email));
    await this.clientFailures.reward(client);
  }

  /** Whether a sign-in from `client` for `email` must wait now. */
  async check(client: string, email: string): Promise<Throttled | null> {
    const now = Date.now();
    const pairRetryAt = this.pairs.get(pairKey(client, email))?.retryAt ?? null;
    const clientState = await this.clientFailures.get(client);
    const clientRetryAt = clientState && clientState.consumedPoints > this.clientFailuresPerWindow ? new Date(now + clientState.msBeforeNext) : null;
    const pairWaits = pairRetryAt !== null && pairRetryAt.getTime() > now;
    if (clientRetryAt && (!pairWaits || clientRetryAt > pairRetryAt)) return { scope: 'client', retryAt: clientRetryAt };
    return pairWaits ? { scope: 'account', retryAt: pairRetryAt } : null;
  }

  private async recordFailure(client: string, email: string): Promise<void> {
    const key = pairKey(client, email);
    const failedCount = (this.pairs.get(key)?.failedCount ?? 0) + 1;
    // Re-inserted so the Map's order is least recently failed first.
    this.pairs.delete(key);
    this.pairs.set(key, { failedCount, retryAt: backoffUntil(failedCount, Date.now()) });
    if (this.pairs.size > MAX_PAIRS) {
      const oldest = this.pairs.keys().next().value;
      if (oldest !== undefined) this.pairs.delete(oldest);
    }
    const counted = await this.clientFailures.penalty(client);
    // The failure that reaches the limit blocks the address for a whole window from now
    // (block() stores more than the limit, which check() reads as blocked).
    if (counted.consumedPoints >= this.clientFailuresPerWindow) await this.clientFailures.block(client, CLIENT_WINDOW_SECONDS);
  }
}

// A newline is in neither a socket address nor a normalised e-mail (control characters are refused).
const pairKey = (client: string, email: string) => `${client}\n${email}`;
