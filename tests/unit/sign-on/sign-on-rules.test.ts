import { describe, expect, it } from 'vitest';
import { breakGlassIssue, changedIdpSettings, discoveryUrlOf, idpSchema, issuerOf, missingSecretIssue, normalizeSlug, slugIssue } from '../../../src/lib/sign-on/sign-on-rules';

describe('the slug rule: 2 to 40 lowercase letters, digits and single hyphens, not a reserved word', () => {
  it('accepts a company name as people shorten it', () => {
    for (const slug of ['acme', 'northwind-labs', 'a1', 'x'.repeat(40), '3m']) expect(slugIssue(slug)).toBeNull();
  });

  it('refuses a slug too short or too long', () => {
    expect(slugIssue('a')).toBe('slugLength');
    expect(slugIssue('x'.repeat(41))).toBe('slugLength');
  });

  it('refuses capitals, spaces, underscores, dots, slashes, other scripts and stray hyphens', () => {
    for (const slug of ['Acme', 'acme labs', 'acme_labs', 'acme.io', 'acme/x', 'açme', '-acme', 'acme-', 'acme--labs', '..']) expect(slugIssue(slug)).toBe('slugShape');
  });

  it('refuses the words that name sign-in steps or the product', () => {
    for (const slug of ['password', 'callback', 'admin', 'talentplace']) expect(slugIssue(slug)).toBe('slugReserved');
  });

  it('reads a typed slug trimmed and lowercased, so Acme and acme are one slug', () => {
    expect(normalizeSlug('  Acme-Labs ')).toBe('acme-labs');
    const parsed = idpSchema.safeParse({ protocol: 'saml', slug: ' Acme ', metadataXml: '<x/>' });
    expect(parsed.success && parsed.data.slug).toBe('acme');
  });
});

describe('the issuer rule: an https URL whose discovery document is issuer + /.well-known/openid-configuration', () => {
  it('keeps an https issuer without its trailing slash', () => {
    expect(issuerOf('https://acme.okta.com/')).toEqual({ issuer: 'https://acme.okta.com' });
    expect(issuerOf(' https://login.microsoftonline.com/tenant-id/v2.0 ')).toEqual({ issuer: 'https://login.microsoftonline.com/tenant-id/v2.0' });
  });

  it('reads a pasted discovery document address as its issuer', () => {
    expect(issuerOf('https://keycloak.example.com/realms/acme/.well-known/openid-configuration')).toEqual({ issuer: 'https://keycloak.example.com/realms/acme' });
    expect(discoveryUrlOf('https://keycloak.example.com/realms/acme')).toBe('https://keycloak.example.com/realms/acme/.well-known/openid-configuration');
  });

  it('refuses plain http except on the loopback', () => {
    expect(issuerOf('http://acme.okta.com')).toEqual({ issue: 'issuerHttps' });
    expect(issuerOf('ftp://acme.okta.com')).toEqual({ issue: 'issuerHttps' });
    expect(issuerOf('http://127.0.0.1:4100/oidc')).toEqual({ issuer: 'http://127.0.0.1:4100/oidc' });
  });

  it('refuses what is not an issuer: no URL, a query, a fragment, credentials', () => {
    for (const raw of ['acme.okta.com', 'https://acme.okta.com/?x=1', 'https://acme.okta.com/#a', 'https://user:pw@acme.okta.com', 'https://acme.okta.com/?']) expect(issuerOf(raw)).toEqual({ issue: expect.stringMatching(/^issuer/) });
  });
});

describe('a provider as the form sends it', () => {
  const codes = (input: Record<string, unknown>) => {
    const parsed = idpSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };

  it('needs the OIDC issuer and client id, and a SAML provider its metadata', () => {
    expect(codes({ protocol: 'oidc', slug: 'acme', issuer: '', clientId: ' ' })).toEqual(['issuer:issuerRequired', 'clientId:clientIdRequired']);
    expect(codes({ protocol: 'saml', slug: 'acme', metadataXml: '' })).toEqual(['metadataXml:metadataRequired']);
    expect(codes({ slug: 'acme' })).toEqual(['protocol:protocolRequired']);
  });

  it('asks a client secret of a new OIDC provider only: a blank one on an edit keeps the stored secret', () => {
    const parsed = idpSchema.parse({ protocol: 'oidc', slug: 'acme', issuer: 'https://acme.okta.com', clientId: 'tp', clientSecret: '  ' });
    expect(parsed.protocol === 'oidc' && parsed.clientSecret).toBeNull();
    expect(missingSecretIssue(parsed, true)).toEqual({ path: 'clientSecret', code: 'clientSecretRequired' });
    expect(missingSecretIssue(parsed, false)).toBeNull();
  });
});

describe('the changed settings of a provider edit, from its event', () => {
  const oidc = { slug: 'acme', protocol: 'oidc', issuer: 'https://acme.okta.com', clientId: 'one' };

  it('names the settings that differ, in a fixed order, and a replaced secret', () => {
    expect(changedIdpSettings(oidc, { ...oidc, clientId: 'two', slug: 'acme-2', clientSecret: 'replaced' })).toEqual(['slug', 'clientId', 'clientSecret']);
    expect(changedIdpSettings(oidc, { ...oidc })).toEqual([]);
  });

  it('compares lists by their content (the SAML certificates)', () => {
    const saml = { slug: 'b', protocol: 'saml', entityId: 'e', ssoUrl: 'https://s', certificates: ['AA'] };
    expect(changedIdpSettings(saml, { ...saml, certificates: ['AA'] })).toEqual([]);
    expect(changedIdpSettings(saml, { ...saml, certificates: ['BB'] })).toEqual(['certificates']);
  });

  it('has nothing to name for an add or a removal', () => {
    expect(changedIdpSettings(null, oidc)).toEqual([]);
    expect(changedIdpSettings(oidc, null)).toEqual([]);
  });
});

describe('enforced sign-on needs a break-glass owner; the join role is optional', () => {
  const base = { protocol: 'oidc', slug: 'acme', issuer: 'https://acme.okta.com', clientId: 'c', clientSecret: 's' };

  it('refuses enforced sign-on without the owner who keeps a password', () => {
    const parsed = idpSchema.parse({ ...base, enforced: 'on' });
    expect(parsed.enforced).toBe(true);
    expect(breakGlassIssue(parsed)).toEqual({ path: 'breakGlassUserId', code: 'breakGlassRequired' });
    expect(breakGlassIssue(idpSchema.parse({ ...base, enforced: true, breakGlassUserId: 'owner-id' }))).toBeNull();
  });

  it('reads a checkbox left unticked, and the API’s false, as not enforced; a blank join role as nobody joining', () => {
    for (const enforced of [undefined, null, '', false]) expect(idpSchema.parse({ ...base, enforced }).enforced).toBe(false);
    expect(idpSchema.parse({ ...base, joinRoleId: '  ' }).joinRoleId).toBeNull();
    expect(breakGlassIssue(idpSchema.parse(base))).toBeNull();
  });

  it('names the join role, enforcement and break-glass owner among the settings an edit changed', () => {
    expect(changedIdpSettings({ slug: 'a', joinRoleId: null, enforced: false, breakGlassUserId: null }, { slug: 'a', joinRoleId: 'r', enforced: true, breakGlassUserId: 'u' })).toEqual(['joinRoleId', 'enforced', 'breakGlassUserId']);
  });
});
