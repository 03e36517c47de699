import { z } from 'zod';
import { hasForbiddenControls } from '../text/control-characters';

// The rules of a company's identity providers (the idp entity; single sign-on): an OIDC or a
// SAML 2.0 provider the company's staff sign in through, named by a slug that
// `/sign-in/<slug>` will start. Shared by the /company/sign-on page and the API; every
// message is an issue code worded in `signOn.errors.<code>`.

export const SIGN_ON_ERRORS = 'signOn.errors';

/**
 * Where a company's OIDC provider sends its answers, below the built-in provider's issuer:
 * the redirect URI the company registers at its provider (shown on /company/sign-on).
 */
export const SIGN_ON_CALLBACK_PATH = '/sign-on/callback';

/**
 * The product as a SAML service provider, below the built-in provider's issuer: its entity
 * id (the audience every assertion must name), where assertions are posted (the assertion
 * consumer service) and its metadata, which a company's provider can read these from.
 */
export const SAML_ENTITY_PATH = '/sign-on/saml';
export const SAML_ACS_PATH = '/sign-on/saml/acs';
export const SAML_METADATA_PATH = '/sign-on/saml/metadata';

export const IDP_PROTOCOLS = ['oidc', 'saml'] as const;
export type IdpProtocol = (typeof IDP_PROTOCOLS)[number];

export const SLUG_MIN = 2;
export const SLUG_MAX = 40;

/**
 * Slugs that name sign-in steps rather than a company (`/sign-in/<slug>` sits beside them),
 * or that read as the product's own.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['password', 'callback', 'email', 'sso', 'saml', 'oidc', 'new', 'start', 'talentplace', 'admin', 'support']);

/**
 * The slug rule: 2 to 40 lowercase letters, digits and single hyphens, starting and ending
 * with a letter or digit, and not a reserved word. It lands in an address, so it is plain
 * ASCII, and one spelling per slug (lowercase) keeps two companies from `acme` and `Acme`.
 * Answers the issue code, or null when the slug is fine.
 */
export function slugIssue(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return 'slugLength';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return 'slugShape';
  if (RESERVED_SLUGS.has(slug)) return 'slugReserved';
  return null;
}

/** What a slug field's text reads as: trimmed and lowercased (people type `Acme`). */
export const normalizeSlug = (raw: string): string => raw.trim().toLowerCase();

const DISCOVERY_SUFFIX = '/.well-known/openid-configuration';

/** Plain http is accepted only on the loopback (a provider run on the same machine, in tests). */
const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/**
 * The issuer rule (OpenID Connect Discovery 1.0, section 4): an https URL without query,
 * fragment or credentials; its discovery document is the issuer followed by
 * `/.well-known/openid-configuration`. People often paste that document's address: it is
 * read as its issuer. Answers the issuer (no trailing slash) or the issue code.
 */
export function issuerOf(raw: string): { issuer: string } | { issue: string } {
  let text = raw.trim();
  if (text.endsWith(DISCOVERY_SUFFIX)) text = text.slice(0, -DISCOVERY_SUFFIX.length);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { issue: 'issuerShape' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) return { issue: 'issuerHttps' };
  if (url.search || url.hash || url.username || url.password || text.includes('?') || text.includes('#')) return { issue: 'issuerShape' };
  return { issuer: url.href.replace(/\/+$/, '') };
}

/** Where an issuer's discovery document is (OpenID Connect Discovery 1.0, section 4). */
export const discoveryUrlOf = (issuer: string): string => `${issuer}${DISCOVERY_SUFFIX}`;

/** Pasted SAML metadata is one entity's descriptor: a few kilobytes; more is not metadata. */
export const SAML_METADATA_MAX = 100_000;
export const CLIENT_ID_MAX = 255;
export const CLIENT_SECRET_MAX = 1_000;

const text = (max: number, codes: { required?: string; tooLong: string }) =>
  z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') {
        if (codes.required) ctx.addIssue({ code: 'custom', message: codes.required });
        return null;
      }
      if (hasForbiddenControls(value, max === SAML_METADATA_MAX)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: codes.tooLong, params: { max } });
      return value;
    });

const slugField = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const slug = normalizeSlug(raw ?? '');
    if (slug === '') ctx.addIssue({ code: 'custom', message: 'slugRequired' });
    else {
      const issue = slugIssue(slug);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, params: { min: SLUG_MIN, max: SLUG_MAX } });
    }
    return slug;
  });

const issuerField = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (!raw?.trim()) {
      ctx.addIssue({ code: 'custom', message: 'issuerRequired' });
      return '';
    }
    const read = issuerOf(raw);
    if ('issue' in read) {
      ctx.addIssue({ code: 'custom', message: read.issue });
      return '';
    }
    return read.issuer;
  });

/** The role people join with at their first sign-in: a role id, or none (blank: nobody joins by signing in). */
const joinRoleField = z
  .string()
  .nullish()
  .transform((raw) => raw?.trim() || null);

/** A checkbox as a form posts it (`on`) or the API's boolean. */
const flagField = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform((raw) => raw === true || raw === 'on' || raw === 'true');

/**
 * A provider as the form and the API send it. The OIDC client secret is write-only: blank
 * on an edit keeps the stored one (`null`), so it is never sent back to be kept. A new OIDC
 * provider needs one (the product signs in as a confidential client).
 */
export const oidcIdpSchema = z.object({
  protocol: z.literal('oidc'),
  slug: slugField,
  issuer: issuerField,
  clientId: text(CLIENT_ID_MAX, { required: 'clientIdRequired', tooLong: 'tooLong' }),
  clientSecret: text(CLIENT_SECRET_MAX, { tooLong: 'tooLong' }),
  joinRoleId: joinRoleField,
  enforced: flagField,
  breakGlassUserId: joinRoleField,
});

/**
 * A SAML provider is described by its metadata, pasted as XML: the server reads the entity
 * id, the sign-in address and the signing certificates from it. Signed assertions are
 * always required; nothing here can turn that off.
 */
export const samlIdpSchema = z.object({
  protocol: z.literal('saml'),
  slug: slugField,
  metadataXml: text(SAML_METADATA_MAX, { required: 'metadataRequired', tooLong: 'metadataTooLong' }),
  joinRoleId: joinRoleField,
  enforced: flagField,
  breakGlassUserId: joinRoleField,
});

export const idpSchema = z.discriminatedUnion('protocol', [oidcIdpSchema, samlIdpSchema], { message: 'protocolRequired' });

export type IdpValues = z.output<typeof idpSchema>;

/** A new OIDC provider without a client secret: the one rule an edit does not share. */
export function missingSecretIssue(values: IdpValues, creating: boolean): { path: string; code: string } | null {
  return creating && values.protocol === 'oidc' && values.clientSecret === null ? { path: 'clientSecret', code: 'clientSecretRequired' } : null;
}

/**
 * Enforced sign-on needs its break-glass owner: the one person who still signs in with a
 * password when the company's provider is down or misconfigured, so nobody is locked out.
 */
export function breakGlassIssue(values: Pick<IdpValues, 'enforced' | 'breakGlassUserId'>): { path: string; code: string } | null {
  return values.enforced && !values.breakGlassUserId ? { path: 'breakGlassUserId', code: 'breakGlassRequired' } : null;
}

/** The settings of a provider that may be shown back to the company (never a secret). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
}

export interface SamlSettings {
  entityId: string;
  ssoUrl: string;
  /** SHA-256 fingerprints of the signing certificates, as people compare them with the provider's page. */
  certificateFingerprints: string[];
  /** Always true: assertions must be signed by one of the certificates. */
  wantAssertionsSigned: true;
}

/** What a change of a provider did, from its event's type (idp.create, idp.update, idp.delete). */
export const IDP_CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type IdpChangeAction = (typeof IDP_CHANGE_ACTIONS)[number];

/**
 * The settings an edit changed, from its event's before and after (idpEventFacts, never a
 * secret; `clientSecret: 'replaced'` when a new secret was stored), in a fixed order.
 */
export function changedIdpSettings(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  if (!before || !after) return [];
  const keys = ['slug', 'issuer', 'clientId', 'clientSecret', 'entityId', 'ssoUrl', 'certificates', 'joinRoleId', 'enforced', 'breakGlassUserId'];
  return keys.filter((key) => (key === 'clientSecret' ? after.clientSecret === 'replaced' : JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)));
}
