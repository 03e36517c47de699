import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_FAILURES_PER_WINDOW, FAILURES_BEFORE_BACKOFF, LoginThrottle, minutesToWait } from '../../../src/server/idp/login-throttle';

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';
const EMAIL = 'grace@talentplace.test';
const MINUTE = 60_000;

describe('sign-in throttling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const waitOf = async (throttle: LoginThrottle, client: string, email: string) => {
    const throttled = await throttle.check(client, email);
    return throttled ? { scope: throttled.scope, ms: throttled.retryAt.getTime() - Date.now() } : null;
  };

  /** Attempts that are let through and then fail (nothing calls succeeded). */
  const failTimes = async (throttle: LoginThrottle, client: string, email: string, times: number) => {
    for (let i = 0; i < times; i += 1) expect(await throttle.attempt(client, email)).toBeNull();
  };

  it('lets a pair fail 4 times unhindered, then makes it wait a minute after the 5th', async () => {
    const throttle = new LoginThrottle();
    await failTimes(throttle, ATTACKER, EMAIL, FAILURES_BEFORE_BACKOFF - 1);
    expect(await waitOf(throttle, ATTACKER, EMAIL)).toBeNull();
    await failTimes(throttle, ATTACKER, EMAIL, 1);
    expect(await waitOf(throttle, ATTACKER, EMAIL)).toEqual({ scope: 'account', ms: MINUTE });
  });

  it('doubles the wait with every further failure after it has passed, up to an hour', async () => {
    const throttle = new LoginThrottle();
    await failTimes(throttle, ATTACKER, EMAIL, FAILURES_BEFORE_BACKOFF);
    const waits: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const wait = await waitOf(throttle, ATTACKER, EMAIL);
      waits.push(wait!.ms / MINUTE);
      vi.advanceTimersByTime(wait!.ms);
      expect(await waitOf(throttle, ATTACKER, EMAIL)).toBeNull();
      await failTimes(throttle, ATTACKER, EMAIL, 1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('slows only the pair: the same e-mail from another address and other e-mails from this one are not waiting', async () => {
    const throttle = new LoginThrottle();
    await failTimes(throttle, ATTACKER, EMAIL, FAILURES_BEFORE_BACKOFF);
    expect(await waitOf(throttle, ATTACKER, EMAIL)).not.toBeNull();
    expect(await waitOf(throttle, OWNER, EMAIL)).toBeNull();
    expect(await waitOf(throttle, ATTACKER, 'other@talentplace.test')).toBeNull();
  });

  it('starts a pair afresh after the right password, which does not count against the address', async () => {
    const throttle = new LoginThrottle();
    await failTimes(throttle, OWNER, EMAIL, FAILURES_BEFORE_BACKOFF - 1);
    expect(await throttle.attempt(OWNER, EMAIL)).toBeNull();
    await throttle.succeeded(OWNER, EMAIL);
    await failTimes(throttle, OWNER, EMAIL, FAILURES_BEFORE_BACKOFF - 1);
    expect(await waitOf(throttle, OWNER, EMAIL)).toBeNull();
  });

  it(`blocks an address for 15 minutes once it failed ${CLIENT_FAILURES_PER_WINDOW} times across e-mails, whatever it tries next`, async () => {
    const throttle = new LoginThrottle();
    for (let i = 1; i < CLIENT_FAILURES_PER_WINDOW; i += 1) await failTimes(throttle, ATTACKER, `guess-${i}@talentplace.test`, 1);
    expect(await waitOf(throttle, ATTACKER, 'next@talentplace.test')).toBeNull();
    await failTimes(throttle, ATTACKER, 'last@talentplace.test', 1);
    expect(await waitOf(throttle, ATTACKER, 'next@talentplace.test')).toEqual({ scope: 'client', ms: 15 * MINUTE });
    expect(await waitOf(throttle, OWNER, 'next@talentplace.test')).toBeNull();
    vi.advanceTimersByTime(15 * MINUTE);
    expect(await waitOf(throttle, ATTACKER, 'next@talentplace.test')).toBeNull();
  });

  it('forgets failures spread thinner than the window', async () => {
    const throttle = new LoginThrottle();
    for (let i = 1; i < CLIENT_FAILURES_PER_WINDOW; i += 1) await failTimes(throttle, ATTACKER, `guess-${i}@talentplace.test`, 1);
    vi.advanceTimersByTime(15 * MINUTE + 1);
    await failTimes(throttle, ATTACKER, 'later@talentplace.test', 1);
    expect(await waitOf(throttle, ATTACKER, 'next@talentplace.test')).toBeNull();
  });

  it('gives a successful sign-in its attempt back, so an address that mostly succeeds is never blocked', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < CLIENT_FAILURES_PER_WINDOW * 2; i += 1) {
      expect(await throttle.attempt(OWNER, `user-${i}@talentplace.test`)).toBeNull();
      await throttle.succeeded(OWNER, `user-${i}@talentplace.test`);
    }
    expect(await waitOf(throttle, OWNER, 'next@talentplace.test')).toBeNull();
  });

  it('refuses attempts that arrive together once the first ones have used the allowance', async () => {
    const throttle = new LoginThrottle();
    const answers = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt(ATTACKER, EMAIL)));
    expect(answers.filter((answer) => answer === null)).toHaveLength(FAILURES_BEFORE_BACKOFF);
  });

  it('says how long to wait in whole minutes, rounded up, at least one', () => {
    expect(minutesToWait(30_000)).toBe(1);
    expect(minutesToWait(0)).toBe(1);
    expect(minutesToWait(MINUTE)).toBe(1);
    expect(minutesToWait(4 * MINUTE + 1)).toBe(5);
  });
});
