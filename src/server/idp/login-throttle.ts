import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedCounter } from '../process/shared-counter';

/** Failed sign-ins in a row for one e-mail from one client address before that pair waits. */
export const FAILURES_BEFORE_BACKOFF = 5;
/** Failed sign-ins from one client address, whatever the e-mails, per window before it waits. */
export const CLIENT_FAILURES_PER_WINDOW = 30;
const CLIENT_WINDOW_SECONDS = 15 * 60;

const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;
/**
 * How long a pair's failures are remembered from its first failure: past the longest wait
 * many times over, so waiting out the back-off never resets the count; and bounded, so
 * the memory an attacker can fill with pairs is too.
 */
const PAIR_MEMORY_SECONDS = 24 * 60 * 60;

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

/** The wait a page names ("try again in N minutes"): whole minutes, rounded up, at least one. */
export function minutesToWait(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 60_000));
}

/**
 * Why a sign-in is refused unheard: `client`, the address failed too often across
 * e-mails; `account`, this address failed too often for this one e-mail.
 */
export interface Throttled {
  scope: 'client' | 'account';
  retryAt: Date;
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
 * Counted in memory (sharedCounter): the workers of one `npm start` share the counts
 * through their primary, so more workers give an attacker no more guesses. With several
 * instances behind a load balancer each instance counts on its own (an attacker spread
 * over N instances gets N times the allowance), and a restart forgets. The client address
 * is the socket's, or behind TRUSTED_PROXY_HOPS proxies the one they forwarded
 * (lib/http/client-address.ts).
 */
export class LoginThrottle {
  private readonly clientFailures: RateLimiterAbstract;
  /** Failures in a row per pair (its consumed points); never refuses by itself. */
  private readonly pairFailures: RateLimiterAbstract;
  /** A pair that must wait is blocked here until its retry time. */
  private readonly pairWaits: RateLimiterAbstract;
  /** The attempt before this one: attempts run one after the other (see attempt). */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly clientFailuresPerWindow = CLIENT_FAILURES_PER_WINDOW) {
    this.clientFailures = sharedCounter({ points: clientFailuresPerWindow, duration: CLIENT_WINDOW_SECONDS, keyPrefix: 'tp:login-client:' });
    this.pairFailures = sharedCounter({ points: Number.MAX_SAFE_INTEGER, duration: PAIR_MEMORY_SECONDS, keyPrefix: 'tp:login-pair:' });
    this.pairWaits = sharedCounter({ points: 1, duration: LONGEST_WAIT_MS / 1000, keyPrefix: 'tp:login-pair-wait:' });
  }

  /**
   * A sign-in from `client` for `email` is about to check a password: refused (the
   * answer says until when), or counted as a failure until `succeeded` says otherwise.
   * Counting before the password check, one attempt at a time, means guesses sent in
   * parallel to one process cannot all pass before the first of them has failed (across
   * workers, at most one guess per worker can slip through together).
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
    const key = pairKey(client, email);
    await Promise.all([this.pairFailures.delete(key), this.pairWaits.delete(key), this.clientFailures.reward(client)]);
  }

  /** Whether a sign-in from `client` for `email` must wait now. */
  async check(client: string, email: string): Promise<Throttled | null> {
    const now = Date.now();
    const [pairState, clientState] = await Promise.all([this.pairWaits.get(pairKey(client, email)), this.clientFailures.get(client)]);
    // block() stores more than the points, which reads as "waiting" until it expires.
    const pairRetryAt = pairState && pairState.consumedPoints > 1 ? new Date(now + pairState.msBeforeNext) : null;
    const clientRetryAt = clientState && clientState.consumedPoints > this.clientFailuresPerWindow ? new Date(now + clientState.msBeforeNext) : null;
    if (clientRetryAt && (!pairRetryAt || clientRetryAt > pairRetryAt)) return { scope: 'client', retryAt: clientRetryAt };
    return pairRetryAt ? { scope: 'account', retryAt: pairRetryAt } : null;
  }

  private async recordFailure(client: string, email: string): Promise<void> {
    const key = pairKey(client, email);
    const now = Date.now();
    const pair = await this.pairFailures.penalty(key);
    const retryAt = backoffUntil(pair.consumedPoints, now);
    if (retryAt) await this.pairWaits.block(key, (retryAt.getTime() - now) / 1000);
    const counted = await this.clientFailures.penalty(client);
    // The failure that reaches the limit blocks the address for a whole window from now
    // (block() stores more than the limit, which check() reads as blocked).
    if (counted.consumedPoints >= this.clientFailuresPerWindow) await this.clientFailures.block(client, CLIENT_WINDOW_SECONDS);
  }
}

// A newline is in neither a socket address nor a normalised e-mail (control characters are refused).
const pairKey = (client: string, email: string) => `${client}\n${email}`;
