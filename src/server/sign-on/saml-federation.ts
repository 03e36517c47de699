import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { SAML_ACS_PATH, SAML_ENTITY_PATH } from '../../lib/sign-on/sign-on-rules';
import type { AppDatabase } from '../db/client';
import type { ProviderIdentity } from './sign-on-join';
import type { SignOnProvider } from './sign-on-providers';
import { SIGN_ON_ATTEMPT_MINUTES, createSignOnAttempt, newSignOnState, type SignOnAttempt } from './sign-on-attempts';
import { loadOrCreateSamlEncryptionKey, type SamlEncryptionKey } from './saml-encryption-key';

// Signing in through a company's SAML 2.0 provider: the built-in provider is the service
// provider (node-saml over xml-crypto). The request goes by the HTTP-Redirect binding with
// the attempt's state as RelayState; the answer is posted back to one assertion consumer
// service. An answer is accepted only when its assertion is signed by one of the
// certificates of the company's metadata, names our entity id as audience, comes from the
// metadata's entity id, is within its validity window, and answers (InResponseTo) the very
// request this attempt sent: unsolicited and replayed answers find no request. A provider
// may also encrypt its assertions, to the certificate our metadata publishes.

const CLOCK_SKEW_MS = 60_000;
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];
const NAME_ATTRIBUTES = ['displayName', 'http://schemas.microsoft.com/identity/claims/displayname', 'name', 'urn:oid:2.16.840.1.113730.3.1.241'];
const GIVEN_NAME_ATTRIBUTES = ['firstName', 'givenName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42'];
const SURNAME_ATTRIBUTES = ['lastName', 'sn', 'surname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4'];
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export type SamlAnswer = { ok: true; identity: ProviderIdentity } | { ok: false; reason: 'providerRefused' | 'answerInvalid'; detail: string };

export interface SamlFederation {
  /** Our entity id, the assertion consumer service and our metadata (what a company registers at its provider). */
  entityId: string;
  acsUrl: string;
  metadata(): Promise<string>;
  /** Records the attempt and answers the company provider's sign-in address, the request in it. */
  start(provider: SignOnProvider, interactionUid: string, email: string | null): Promise<URL>;
  /** Checks the posted SAMLResponse against the attempt's request and the provider's certificates. */
  finish(provider: SignOnProvider, attempt: SignOnAttempt, samlResponse: string): Promise<SamlAnswer>;
}

const pemOf = (certificate: string) => `-----BEGIN CERTIFICATE-----\n${certificate.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/** The first single value of the first attribute present, as text. */
function attribute(profile: Profile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return null;
}

function identityOf(profile: Profile): ProviderIdentity {
  const email = attribute(profile, EMAIL_ATTRIBUTES) ?? (profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : null);
  const given = attribute(profile, GIVEN_NAME_ATTRIBUTES);
  const surname = attribute(profile, SURNAME_ATTRIBUTES);
  const name = attribute(profile, NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(' ') || null);
  return { subject: profile.nameID, email: email ?? '', name };
}

export function createSamlFederation(options: { db: AppDatabase; issuer: string; productName: string }): SamlFederation {
  const { db } = options;
  // Made or read on first use: most starts (and tests) never meet a SAML provider.
  let encryptionKey: Promise<SamlEncryptionKey> | null = null;
  const keyOf = () => {
    encryptionKey ??= loadOrCreateSamlEncryptionKey(db, options.productName);
    encryptionKey.catch(() => (encryptionKey = null));
    return encryptionKey;
  };
  const entityId = `${options.issuer}${SAML_ENTITY_PATH}`;
  const acsUrl = `${options.issuer}${SAML_ACS_PATH}`;

  async function samlFor(provider: SignOnProvider, cacheProvider: CacheProvider): Promise<SAML> {
    if (provider.config.protocol !== 'saml') throw new Error(`provider ${provider.slug} is not a SAML provider`);
    return new SAML({
      issuer: entityId,
      callbackUrl: acsUrl,
      entryPoint: provider.config.ssoUrl,
      idpIssuer: provider.config.entityId,
      idpCert: provider.config.certificates.map(pemOf),
      audience: entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SIGN_ON_ATTEMPT_MINUTES * 60_000,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      cacheProvider,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      decryptionPvk: (await keyOf()).privateKeyPem,
    });
  }

  return {
    entityId,
    acsUrl,
    metadata: async () => {
      const key = await keyOf();
      return generateServiceProviderMetadata({
        issuer: entityId,
        callbackUrl: acsUrl,
        identifierFormat: EMAIL_NAME_ID,
        wantAssertionsSigned: true,
        decryptionCert: key.certificatePem,
        decryptionPvk: key.privateKeyPem,
      });
    },

    async start(provider, interactionUid, email) {
      let requestId: string | null = null;
      // node-saml files each request's id with its cache provider: the attempt keeps it instead.
      const saml = await samlFor(provider, {
        saveAsync: async (key, value) => {
          requestId = key;
          return { value, createdAt: Date.now() };
        },
        getAsync: async () => null,
        removeAsync: async () => null,
      });
      const state = newSignOnState();
      // Entra ID and others fill the address in from login_hint; the rest ignore it.
      const location = await saml.getAuthorizeUrlAsync(state, undefined, { additionalParams: email ? { login_hint: email } : {} });
      if (!requestId) throw new Error('node-saml did not name the request it made');
      await createSignOnAttempt(db, { state, interactionUid, idpId: provider.id, email, requestId });
      return new URL(location);
    },

    async finish(provider, attempt, samlResponse) {
      // The one request this answer may answer is the attempt's own.
      const saml = await samlFor(provider, {
        saveAsync: async () => null,
        getAsync: async (key) => (key === attempt.requestId ? attempt.createdAt.toISOString() : null),
        removeAsync: async (key) => key,
      });
      try {
        const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
        if (!profile?.nameID) return { ok: false, reason: 'answerInvalid', detail: 'no NameID' };
        return { ok: true, identity: identityOf(profile) };
      } catch (error) {
        const message = (error as Error).message;
        // A status other than Success is the provider saying no (the person cancelled, no access).
        if ((error as { name?: string }).name === 'SamlStatusError' || /status/i.test(message)) return { ok: false, reason: 'providerRefused', detail: message };
        return { ok: false, reason: 'answerInvalid', detail: message };
      }
    },
  };
}
