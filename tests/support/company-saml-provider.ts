import { X509Certificate, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { encrypt } from 'xml-encryption';
import { samlMetadata } from './saml-metadata';

// A company's own SAML 2.0 identity provider (Okta, Entra ID, Keycloak... in production),
// played by a test: it reads the sign-in request the built-in provider redirects to it
// (HTTP-Redirect binding) and writes the answer a real provider would post back, its
// assertion signed with a key made for the test run. Each part of the answer can be
// changed, so tests can send what an attacker would: unsigned, for another audience,
// re-sent, or wrapped around a forged assertion.

export interface SamlPerson {
  nameId: string;
  email?: string;
  name?: string;
}

export interface SamlRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
  loginHint: string | null;
}

export interface SamlAnswerOptions {
  /** Sign the assertion (default true). */
  sign?: boolean;
  /** The audience named (default: the request's issuer, our entity id). */
  audience?: string;
  /** The request answered (default: the request's id). */
  inResponseTo?: string;
  /** A forged assertion for this person, placed where the signed one was, the signed one hidden inside it. */
  wrapWith?: SamlPerson;
  /** Encrypt the (signed) assertion to this certificate (PEM), as a provider set to encrypt does. */
  encryptTo?: string;
}

export interface CompanySamlProvider {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  /** Reads the request out of the address the built-in provider redirected to. */
  readRequest(location: string): SamlRequestSeen;
  /** The SAMLResponse (base64) answering `request` for `person`. */
  answer(request: SamlRequestSeen, person: SamlPerson, options?: SamlAnswerOptions): Promise<string>;
  /** With `serve`: the person its sign-in page answers for next (a page with a Continue button posting the answer). */
  signInAs(person: SamlPerson): void;
  close(): Promise<void>;
}

const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `serve`: also run its sign-in page on loopback (for a real browser): it shows a Continue
 * button that posts the signed answer for the person named by `signInAs`, as a provider's
 * page posts it after the person signed in there.
 */
export async function startCompanySamlProvider(options: { entityId?: string; serve?: boolean } = {}): Promise<CompanySamlProvider> {
  const keys = await generate([{ name: 'commonName', value: 'idp.company.test' }], { keySize: 2048, algorithm: 'sha256' });
  const entityId = options.entityId ?? `https://idp.company.test/${randomBytes(4).toString('hex')}`;
  let next: SamlPerson | null = null;
  let server: Server | null = null;
  let provider: CompanySamlProvider | null = null;
  if (options.serve) {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/saml/sso' || !provider || !next) return void res.writeHead(404).end();
      const request = provider.readRequest(url.href);
      const person = next;
      void provider.answer(request, person).then((answer) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><html lang="en"><head><title>Company sign-in</title></head><body><main><h1>Company sign-in</h1><form method="post" action="${escapeXml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${answer}"><input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}"><button type="submit">Continue as ${escapeXml(person.name ?? person.nameId)}</button></form></main></body></html>`);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  }
  const ssoUrl = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}/saml/sso` : 'https://idp.company.test/saml/sso';

  function assertion(request: SamlRequestSeen, person: SamlPerson, audience: string, inResponseTo: string, id = `_a${randomBytes(16).toString('hex')}`): string {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const attributes = [
      person.email ? `<saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(person.email)}</saml:AttributeValue></saml:Attribute>` : '',
      person.name ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(person.name)}</saml:AttributeValue></saml:Attribute>` : '',
    ].join('');
    return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(person.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(inResponseTo)}" NotOnOrAfter="${later}" Recipient="${escapeXml(request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${now.toISOString()}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
  }

  function signed(xml: string): string {
    const signature = new SignedXml({
      privateKey: keys.private,
      publicCert: keys.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signature.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signature.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
    return signature.getSignedXml();
  }

  provider = {
    entityId,
    ssoUrl,
    metadataXml: samlMetadata({ entityId, ssoUrl, certificate: certificateBody(keys.cert) }),

    readRequest(location) {
      const url = new URL(location);
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
      return {
        id: attribute('ID'),
        acsUrl: attribute('AssertionConsumerServiceURL'),
        issuer: /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '',
        relayState: url.searchParams.get('RelayState') ?? '',
        loginHint: url.searchParams.get('login_hint'),
      };
    },

    async answer(request, person, answerOptions = {}) {
      const audience = answerOptions.audience ?? request.issuer;
      const inResponseTo = answerOptions.inResponseTo ?? request.id;
      let body = assertion(request, person, audience, inResponseTo);
      if (answerOptions.sign !== false) body = signed(body).replace(/^<\?xml[^>]*>/, '');
      if (answerOptions.encryptTo) {
        const certificate = answerOptions.encryptTo;
        const publicKey = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'pem' }).toString();
        const encrypted = await promisify(encrypt)(body, {
          rsa_pub: publicKey,
          pem: certificate,
          encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
          keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
          disallowEncryptionWithInsecureAlgorithm: true,
        });
        body = `<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>`;
      }
      if (answerOptions.wrapWith) {
        // Signature wrapping: a forged, unsigned assertion where the signed one was, the
        // signed original (still valid on its own) tucked inside the forged one's Advice.
        const forged = assertion(request, answerOptions.wrapWith, audience, inResponseTo);
        body = forged.replace('</saml:Subject>', `</saml:Subject><saml:Advice>${body}</saml:Advice>`);
      }
      const now = new Date().toISOString();
      const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${now}" Destination="${escapeXml(request.acsUrl)}" InResponseTo="${escapeXml(inResponseTo)}"><saml:Issuer>${escapeXml(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${body}</samlp:Response>`;
      return Buffer.from(response, 'utf8').toString('base64');
    },

    signInAs(person) {
      next = person;
    },

    async close() {
      if (!server) return;
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    },
  };
  return provider;
}
