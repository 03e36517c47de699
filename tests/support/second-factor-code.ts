import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET } from '../../src/server/db/seed/demo-accounts';
import { TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, totpCodeAt, totpStepAt } from '../../src/server/idp/second-factor';

// The one way tests enter a second-factor code. The provider accepts each time step of an
// account once (a replayed code is refused), and tests sign in as the demo admin many
// times, from several workers at once: so every code is claimed first, one step per
// claim, across processes (a file created exclusively per step), and a test waits for
// the next step when the steps the provider accepts now are all claimed.

const CLAIMS_DIR = path.join(tmpdir(), 'talentplace-second-factor-claims');

/** The demo accounts seeded with DEMO_TOTP_SECRET (admin, support). */
export function demoSecondFactorSecret(email: string): string | null {
  return DEMO_ACCOUNTS.some((account) => account.email === email && account.secondFactor) ? DEMO_TOTP_SECRET : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code of `secret` for a step no other test has claimed for this `scope` (one account
 * at one server: e.g. the server's origin and the e-mail), never older than a step
 * claimed before it; waits (at most about a step) when none is free.
 */
export async function claimSecondFactorCode(secret: string, scope: string): Promise<string> {
  // Per account, not per secret: the provider's used steps belong to the account, whatever its secret.
  const dir = path.join(CLAIMS_DIR, createHash('sha256').update(scope).digest('hex').slice(0, 24));
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const now = Date.now();
    const current = totpStepAt(now);
    const claimed = readdirSync(dir).map(Number).filter(Number.isFinite);
    const newest = claimed.length ? Math.max(...claimed) : -Infinity;
    for (let step = Math.max(current, newest + 1); step <= current + TOTP_WINDOW_STEPS; step += 1) {
      try {
        writeFileSync(path.join(dir, String(step)), '', { flag: 'wx' });
        return totpCodeAt(secret, step * TOTP_PERIOD_SECONDS * 1000);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    // Every step accepted now is taken: wait for the next one.
    await sleep((current + 1) * TOTP_PERIOD_SECONDS * 1000 - now + 50);
  }
}
