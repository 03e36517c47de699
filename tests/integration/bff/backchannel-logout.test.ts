import { randomUUID } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackchannelLogoutEndpoint } from '../../../src/server/http/backchannel-logout';
import { loadOrCreateSigningKey } from '../../../src/server/idp/signing-key';
import { startBffHarness, type BffHarness } from '../../support/bff-harness';
import { parsePage } from '../idp/browser';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

// OpenID Connect Back-Channel Logout against the real built-in provider: its own logout
// tokens end the one session they name; forged or malformed ones end nothing.
describe('back-channel logout (checklist E26)', () => {
  let h: BffHarness;
  let providerKey: JWK;
  beforeAll(async () => {
    h = await startBffHarness();
    h.idp.serveBackchannelLogout(createBackchannelLogoutEndpoint(() => h.bff));
    providerKey = await loadOrCreateSigningKey(h.database.db);
  });
  afterAll(() => h?.close());

  const endpoint = () => `${h.idp.origin}/auth/backchannel-logout`;
  const post = (token: string) =>
    fetch(endpoint(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ logout_token: token }) });

  /** A logout token as the provider would sign it, with one thing changed per test. */
  async function logoutToken(sid: string, sub: string, change: { typ?: string; aud?: string; claims?: Record<string, unknown>; omit?: string[]; key?: 'provider' | 'other' } = {}) {
    const claims: Record<string, unknown> = { sid, sub, events: { [LOGOUT_EVENT]: {} }, jti: randomUUID(), ...change.claims };
    for (const name of change.omit ?? []) delete claims[name];
    const key = change.key === 'other' ? (await generateKeyPair('RS256')).privateKey : await importJWK(providerKey, 'RS256');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: change.typ ?? 'logout+jwt' })
      .setIssuer(h.idp.issuer)
      .setAudience(change.aud ?? h.idp.client.clientId)
      .setIssuedAt()
      .sign(key);
  }

  it('records the provider session id of a sign-in', async () => {
    const { session } = await h.signIn();
    expect(session.record.providerSessionId).toEqual(expect.any(String));
  });

  it('refuses forged or malformed logout tokens with 400 and ends nothing', async () => {
    const { session } = await h.signIn();
    const sid = session.record.providerSessionId!;
    const sub = session.record.claims.sub;
    const bad = {
      'bad signature': await logoutToken(sid, sub, { key: 'other' }),
      'wrong typ': await logoutToken(sid, sub, { typ: 'JWT' }),
      'a nonce': await logoutToken(sid, sub, { claims: { nonce: 'n' } }),
      'no events': await logoutToken(sid, sub, { omit: ['events'] }),
      'another event': await logoutToken(sid, sub, { claims: { events: { 'urn:other': {} } } }),
      'wrong aud': await logoutToken(sid, sub, { aud: 'someone-else' }),
      'unknown sid': await logoutToken('no-such-session', sub),
      'sid of another subject': await logoutToken(sid, 'another-subject'),
      'no jti': await logoutToken(sid, sub, { omit: ['jti'] }),
      'not a JWT': 'not-a-jwt',
    };
    for (const [what, token] of Object.entries(bad)) {
      const response = await post(token);
      expect(response.status, what).toBe(400);
      expect(await h.store.get(session.id), what).not.toBeNull();
    }
    expect((await fetch(endpoint())).status).toBe(405);
    expect((await fetch(endpoint(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
  });

  it('a valid logout token ends only the session it names', async () => {
    const first = (await h.signIn()).session;
    const second = (await h.signIn()).session;
    expect(first.record.providerSessionId).not.toBe(second.record.providerSessionId);
    const response = await post(await logoutToken(second.record.providerSessionId!, second.record.claims.sub));
    expect(response.status).toBe(200);
    expect(await h.store.get(second.id)).toBeNull();
    expect(await h.store.get(first.id)).not.toBeNull();
  });

  it('after our own sign-out the provider\'s call for that session is answered 200 (already ended), not 400', async () => {
    const { session } = await h.signIn();
    await h.bff.logout(session, 'en');
    const response = await post(await logoutToken(session.record.providerSessionId!, session.record.claims.sub));
    expect(response.status).toBe(200);
  });

  it('signing out at the provider makes it call us, and our session ends', async () => {
    const { session, browser } = await h.signIn();
    const endSession = new URL(`${h.idp.issuer}/session/end`);
    endSession.searchParams.set('id_token_hint', session.record.tokens.idToken);
    endSession.searchParams.set('post_logout_redirect_uri', h.idp.client.postLogoutRedirectUri);
    const confirm = await browser.follow(endSession, () => false);
    const form = parsePage(confirm.html).forms.find((candidate) => candidate.action?.includes('/session/end'));
    expect(form?.action).toBeTruthy();
    await browser.follow(new URL(form!.action!, confirm.url), (url) => url.href.startsWith(h.idp.client.postLogoutRedirectUri), {
      form: { ...form!.hidden, logout: 'yes' },
      headers: { origin: h.idp.origin },
    });
    await expect.poll(async () => h.store.get(session.id), { timeout: 5000 }).toBeNull();
    expect(h.idp.requests).toContain('POST /auth/backchannel-logout');
  });
});
