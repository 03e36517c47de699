import { generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokenError, createAccessTokenVerifier, VERIFIED_TOKEN_REUSE_MS } from '../../src/server/api/auth/access-token';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';

const audience = 'https://api.talentplace.test';
const rolesClaim = 'https://talentplace.app/roles';
const now = () => Math.floor(Date.now() / 1000);

describe('bearer access token verification (JWKS, RS256, issuer, audience, 60 s leeway)', () => {
  let issuer: TestIssuer;
  let verify: ReturnType<typeof createAccessTokenVerifier>;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    verify = createAccessTokenVerifier({ issuer: issuer.issuer, audience, jwksUri: issuer.jwksUri, rolesClaim });
  });
  afterAll(() => issuer.close());
  afterEach(() => vi.useRealTimers());

  it('accepts a valid token and reads subject, email and roles', async () => {
    const token = await issuer.sign({ sub: 'user-1', aud: audience, email: 'a@b.test', [rolesClaim]: ['super:admin', 7] });
    const verified = await verify(token);
    expect(verified).toMatchObject({ subject: 'user-1', email: 'a@b.test', roles: ['super:admin'] });
  });

  it('fetches the JWKS once and caches it', async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 5; i++) await verify(await issuer.sign({ sub: `u${i}`, aud: audience }));
    expect(issuer.jwksRequests() - before).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a wrong audience', { sub: 'u', aud: 'https://other.api' }],
    ['a wrong issuer', { sub: 'u', aud: audience, iss: 'https://evil.example' }],
    ['no subject', { aud: audience }],
    ['an exp 61 s ago', { sub: 'u', aud: audience, exp: now() - 61 }],
    ['a nbf 90 s ahead', { sub: 'u', aud: audience, nbf: now() + 90 }],
  ])('rejects a token with %s', async (_name, claims) => {
    await expect(verify(await issuer.sign(claims))).rejects.toBeInstanceOf(AccessTokenError);
  });

  it('accepts an exp 45 s ago within the leeway', async () => {
    await expect(verify(await issuer.sign({ sub: 'u', aud: audience, exp: now() - 45 }))).resolves.toMatchObject({ subject: 'u' });
  });

  it('rejects a token signed by another key with the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await issuer.sign({ sub: 'u', aud: audience }, { key: privateKey });
    await expect(verify(forged)).rejects.toThrow('The access token signature is not valid');
  });

  it('rejects HS256 and unsigned tokens', async () => {
    const secret = new TextEncoder().encode('x'.repeat(32));
    const hs = await issuer.sign({ sub: 'u', aud: audience }, { alg: 'HS256', key: secret as never });
    await expect(verify(hs)).rejects.toBeInstanceOf(AccessTokenError);
    const [header, payload] = (await issuer.sign({ sub: 'u', aud: audience })).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    await expect(verify(none)).rejects.toBeInstanceOf(AccessTokenError);
    expect(header).toBeTruthy();
  });

  it('checks the signature of a token once a minute at most, and takes it for verified no longer than its exp allows', async () => {
    const signatureChecks = vi.spyOn(crypto.subtle, 'verify');
    try {
      const token = await issuer.sign({ sub: 'reused', aud: audience, exp: now() + 3600 });
      await verify(token);
      await verify(token);
      expect(signatureChecks).toHaveBeenCalledTimes(1);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + VERIFIED_TOKEN_REUSE_MS + 1000 });
      await expect(verify(token)).resolves.toMatchObject({ subject: 'reused' });
      expect(signatureChecks).toHaveBeenCalledTimes(2);
      vi.useRealTimers();

      // 55 s past its exp, inside the leeway: valid for 5 s more, and not one second longer.
      const ending = await issuer.sign({ sub: 'ending', aud: audience, exp: now() - 55 });
      await expect(verify(ending)).resolves.toMatchObject({ subject: 'ending' });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6000 });
      await expect(verify(ending)).rejects.toThrow('The access token has expired');
    } finally {
      signatureChecks.mockRestore();
    }
  });

  it('rejects garbage with a clear error, never a crash', async () => {
    await expect(verify('not-a-token')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
