import type * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase } from '../../support/test-database';
import { Browser, parsePage } from './browser';
import { buildAuthorization, isCallback, withProvider } from './relying-party';

describeEachDatabase('built-in identity provider: authorization requests it refuses', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;

  withProvider(kind, (started) => ({ database, server, config } = started));

  async function authorize(change: (url: URL) => void) {
    const { url } = await buildAuthorization(config, server);
    change(url);
    return new Browser().request(url);
  }

  it('sends a correct request to the sign-in page', async () => {
    const answer = await authorize(() => {});
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  });

  it.each([
    ['without PKCE', (url: URL) => { url.searchParams.delete('code_challenge'); url.searchParams.delete('code_challenge_method'); }],
    ['with plain PKCE', (url: URL) => url.searchParams.set('code_challenge_method', 'plain')],
    ['with a code_challenge but no method', (url: URL) => url.searchParams.delete('code_challenge_method')],
  ])('refuses a request %s: back to the registered redirect_uri with an error, no code', async (_name, change) => {
    const answer = await authorize(change);
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!);
    expect(isCallback(server)(location)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  // Checklist C17: no variant of a registered redirect_uri is ever redirected to.
  it.each([
    ['a trailing slash', (s: IdpTestServer) => `${s.client.redirectUri}/`],
    ['http instead of the registered https', (s: IdpTestServer) => s.httpsRedirectUri.replace('https:', 'http:')],
    ['another port', (s: IdpTestServer) => s.client.redirectUri.replace(/:(\d+)\//, (_m, port: string) => `:${Number(port) + 1}/`)],
    ['an extra path segment', (s: IdpTestServer) => `${s.client.redirectUri}/extra`],
    ['an extra query', (s: IdpTestServer) => `${s.client.redirectUri}?next=/admin`],
    ['another host', () => 'https://evil.example/auth/callback'],
    ['a different case in the path', (s: IdpTestServer) => s.client.redirectUri.replace('/callback', '/Callback')],
  ])('refuses a redirect_uri with %s, showing an error page instead of redirecting', async (_name, variant) => {
    const redirectUri = variant(server);
    const answer = await authorize((url) => url.searchParams.set('redirect_uri', redirectUri));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    const page = parsePage(answer.html);
    expect(page.title).toBe('Something went wrong | Talentplace');
    expect(answer.html).toContain('The address this sign-in request should return to is not allowed.');
    expect(answer.html).not.toContain('http-equiv="refresh"');
  });

  it('refuses a request without redirect_uri even though one is registered', async () => {
    const answer = await authorize((url) => url.searchParams.delete('redirect_uri'));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('refuses an unknown client with an error page', async () => {
    const answer = await authorize((url) => url.searchParams.set('client_id', 'someone-else'));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.html).toContain('The application that sent you here is not known.');
  });

  it('refuses a resource other than the API', async () => {
    const answer = await authorize((url) => url.searchParams.set('resource', 'https://other.example/api'));
    const location = new URL(answer.headers.get('location')!);
    expect(isCallback(server)(location)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_target');
  });

  it('refuses response types other than code', async () => {
    const answer = await authorize((url) => url.searchParams.set('response_type', 'id_token'));
    expect(answer.headers.get('location') ?? '').toContain('error=unsupported_response_type');
  });
});
