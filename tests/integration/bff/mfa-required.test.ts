import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaRequiredError } from '../../../src/server/bff/oidc-client';
import { cookieValue, startBffHarness, type BffHarness } from '../../support/bff-harness';

// The error catalogue's mfa_required: a provider that demands a second factor the sign-in
// did not give. The BFF sends the user to /sign-in?error=mfa_required (its own message and
// way on, see sign-in.astro), creates no session, and keeps no multi-factor token.
describe('BFF: a provider answering mfa_required', () => {
  let h: BffHarness;
  beforeAll(async () => {
    h = await startBffHarness();
  });
  afterAll(() => h?.close());

  it('on the callback: no session, the sign-in page names mfa_required', async () => {
    const start = await h.bff.startLogin('/talent/dashboard', false, 'en');
    const state = new URL(start.location).searchParams.get('state')!;
    const callback = new URL(h.idp.client.redirectUri);
    callback.search = new URLSearchParams({ error: 'mfa_required', error_description: 'Multifactor authentication required', state }).toString();
    const done = await h.bff.completeLogin(callback, cookieValue(start.setCookies, 'tp-login'), undefined);
    expect(done.location).toBe('/sign-in?error=mfa_required');
    expect(cookieValue(done.setCookies, 'tp-session')).toBeUndefined();
    expect(h.logs.at(-1)).toMatch(/sign-in failed: mfa_required/);
  });

  it('from the token endpoint (with its multi-factor token): mfa_required, never "Get access token failed", and the token is not kept', () => {
    // The shape openid-client gives a token endpoint's error body (ResponseBodyError: error, and the body as cause).
    const fromTokenEndpoint = Object.assign(new Error('server responded with an error in the response body'), {
      error: 'mfa_required',
      cause: { error: 'mfa_required', error_description: 'Multifactor authentication required', mfa_token: 'Fe26.2**secret-mfa-token' },
    });
    const error = mfaRequiredError(fromTokenEndpoint);
    expect(error?.code).toBe('mfa_required');
    expect(error?.message).toContain('multi-factor token');
    expect(error?.message).not.toContain('secret-mfa-token');
    expect(mfaRequiredError(Object.assign(new Error('refused'), { error: 'invalid_grant' }))).toBeNull();
  });
});
