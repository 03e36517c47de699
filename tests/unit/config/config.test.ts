import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config';

describe('runtime configuration', () => {
  it('serves on port 4321 with the embedded defaults', () => {
    const config = readConfig({}, '/srv/app');
    expect(config.port).toBe(4321);
    expect(config.publicOrigin).toBe('http://localhost:4321');
    expect(config.dataDir).toBe('/srv/app/.data');
    expect(config.site.productName).toBe('Talentplace');
    expect(config.site.legalLinks).toEqual({ privacy: '/legal/privacy', terms: '/legal/terms', csr: '/legal/csr' });
    expect(config.versionCheckIntervalMs).toBe(60_000);
  });

  it("asks the spec's default auth scope 'user' unless AUTH_SCOPE names others or none", () => {
    expect(readConfig({}, '/srv/app').auth.extraScopes).toEqual(['user']);
    expect(readConfig({ AUTH_SCOPE: 'user read:jobs' }, '/srv/app').auth.extraScopes).toEqual(['user', 'read:jobs']);
    expect(readConfig({ AUTH_SCOPE: '' }, '/srv/app').auth.extraScopes).toEqual([]);
  });

  it('serves production settings unless TALENTPLACE_MODE=development chooses otherwise; NODE_ENV decides nothing', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'production' }, { TALENTPLACE_MODE: 'production' }, { TALENTPLACE_MODE: ' Production ' }]) {
      expect(readConfig(env), JSON.stringify(env)).toMatchObject({ mode: 'production', production: true });
    }
    for (const env of [{ TALENTPLACE_MODE: 'development' }, { TALENTPLACE_MODE: 'development', NODE_ENV: 'production' }]) {
      expect(readConfig(env), JSON.stringify(env)).toMatchObject({ mode: 'development', production: false, secureCookies: false, hsts: false });
    }
    expect(() => readConfig({ TALENTPLACE_MODE: 'dev' })).toThrow(/TALENTPLACE_MODE must be production or development/);
  });

  it('makes cookies Secure wherever browsers keep them (https, or http on a loopback name) and sends HSTS on https only', () => {
    const settings = (env: Record<string, string>) => {
      const { secureCookies, hsts } = readConfig(env);
      return { secureCookies, hsts };
    };
    expect(settings({})).toEqual({ secureCookies: true, hsts: false });
    expect(settings({ PUBLIC_ORIGIN: 'https://talentplace.example' })).toEqual({ secureCookies: true, hsts: true });
    for (const origin of ['http://127.0.0.1:4321', 'http://127.0.0.2:8080', 'http://[::1]:4321', 'http://app.localhost']) {
      expect(settings({ PUBLIC_ORIGIN: origin }), origin).toEqual({ secureCookies: true, hsts: false });
    }
    for (const origin of ['http://talentplace.internal:4321', 'http://192.168.1.20:4321', 'http://localhost.example.com', 'http://127.0.0.1.example.com']) {
      expect(settings({ PUBLIC_ORIGIN: origin }), origin).toEqual({ secureCookies: false, hsts: false });
    }
    expect(settings({ HOST: '0.0.0.0' })).toEqual({ secureCookies: true, hsts: false });
    expect(settings({ TALENTPLACE_MODE: 'development', PUBLIC_ORIGIN: 'https://talentplace.example' })).toEqual({ secureCookies: false, hsts: false });
  });

  it('takes the product name, legal URLs and account site from the environment', () => {
    const config = readConfig({ PUBLIC_PRODUCT_NAME: 'Hirely', TERMS_URL: 'https://legal.example/terms', ACCOUNT_SITE_URL: 'https://id.example/account' });
    expect(config.site.productName).toBe('Hirely');
    expect(config.site.legalLinks.terms).toBe('https://legal.example/terms');
    expect(config.site.legalLinks.privacy).toBe('/legal/privacy');
    expect(config.site.accountSiteUrl).toBe('https://id.example/account');
  });

  it('keeps uploads under DATA_DIR unless UPLOADS_DIR names another folder', () => {
    expect(readConfig({}, '/srv/app').uploadsDir).toBe('/srv/app/.data/uploads');
    expect(readConfig({ DATA_DIR: '/var/lib/tp' }, '/srv/app').uploadsDir).toBe('/var/lib/tp/uploads');
    expect(readConfig({ UPLOADS_DIR: 'files' }, '/srv/app').uploadsDir).toBe('/srv/app/files');
    expect(readConfig({ UPLOADS_DIR: '/mnt/shared/uploads' }, '/srv/app').uploadsDir).toBe('/mnt/shared/uploads');
  });

  it('takes no replies by mail unless MAIL_INBOUND_PORT is set; reply addresses on the public host unless MAIL_REPLY_DOMAIN says', () => {
    const plain = readConfig({ PUBLIC_ORIGIN: 'https://talentplace.example' }, '/srv/app').mail;
    expect(plain).toMatchObject({ inboundPort: null, inboundHost: '0.0.0.0', replyDomain: 'talentplace.example' });
    expect(readConfig({ MAIL_INBOUND_PORT: '2525', MAIL_INBOUND_HOST: '10.0.0.5', MAIL_REPLY_DOMAIN: 'Replies.Talentplace.Example' }, '/srv/app').mail).toMatchObject({ inboundPort: 2525, inboundHost: '10.0.0.5', replyDomain: 'replies.talentplace.example' });
    expect(() => readConfig({ MAIL_INBOUND_PORT: 'smtp' })).toThrow(/MAIL_INBOUND_PORT must be an integer/);
  });

  it('believes no X-Forwarded-For unless TRUSTED_PROXY_HOPS says how many proxies stand in front', () => {
    expect(readConfig({}, '/srv/app').trustedProxyHops).toBe(0);
    expect(readConfig({ TRUSTED_PROXY_HOPS: '1' }, '/srv/app').trustedProxyHops).toBe(1);
    expect(() => readConfig({ TRUSTED_PROXY_HOPS: 'yes' }, '/srv/app')).toThrow(/TRUSTED_PROXY_HOPS must be a whole number/);
  });

  it('rejects a port that is not a number with a hint', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT must be an integer/);
  });

  it('reduces PUBLIC_ORIGIN to an origin and rejects a relative one', () => {
    expect(readConfig({ PUBLIC_ORIGIN: 'https://talentplace.example/some/path' }).publicOrigin).toBe('https://talentplace.example');
    expect(() => readConfig({ PUBLIC_ORIGIN: 'talentplace.example' })).toThrow(ConfigError);
  });

  it('allows the public origin to call the API from a browser, plus the origins in API_ALLOWED_ORIGINS', () => {
    expect(readConfig({ PUBLIC_ORIGIN: 'https://talentplace.example' }).graphql.allowedOrigins).toEqual(['https://talentplace.example']);
    const config = readConfig({ PUBLIC_ORIGIN: 'https://talentplace.example', API_ALLOWED_ORIGINS: ' https://admin.example/ ,http://localhost:3000,https://talentplace.example' });
    expect(config.graphql.allowedOrigins).toEqual(['https://talentplace.example', 'https://admin.example', 'http://localhost:3000']);
  });

  it('refuses a wildcard, null or anything but an origin in API_ALLOWED_ORIGINS', () => {
    for (const value of ['*', 'null', 'admin.example', 'https://admin.example/path', 'ftp://admin.example']) {
      expect(() => readConfig({ API_ALLOWED_ORIGINS: value }), value).toThrow(ConfigError);
    }
  });
});
