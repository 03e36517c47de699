// A SAML 2.0 identity provider's metadata as Okta, Entra ID or Keycloak publish it, with a
// self-signed certificate (CN=idp.example.test) made for these tests: what a company owner
// pastes on /company/sign-on.

export const SIGNING_CERTIFICATE = 'MIIDFzCCAf+gAwIBAgIUXuefxBraYQjL0vwOIAwZ1QUG4kQwDQYJKoZIhvcNAQELBQAwGzEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVzdDAeFw0yNjExMjkwMDMyNTdaFw0zNjExMjYwMDMyNTdaMBsxGTAXBgNVBAMMEGlkcC5leGFtcGxlLnRlc3QwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDEP5zXJmqPq7xNO0PCrZ2qb03FfK6ArIrv7QKarUiabvehZjn+F4WD6i29YaCtB5/0Ut6KMm/3bdCSct5vHv4YrpSBm9UJlP65Pe9L2oTS8peHOcD4Bmw9Aq2QXh6KAWeTogPPVUnXQGzdc0RRIug/uJu8b2XlCw6ydoneMw5hs9nBXP+LmYwdZ9XD6FDivhpf8O8oj1TtttBpyi0/jGTJpdCxdoD3MJhA0S3PDbp2J+nHQbi8pVGw8PYntPTnNaW6ltafdueZpXoKUEFebtIvH/ClcR3hRwTDYOIGxeDUZlFqVl936LG+m3TEMw8j3amcm5jAL472HdVNKOJSdgvxAgMBAAGjUzBRMB0GA1UdDgQWBBTFmMn9Kp+z6e+vApY/IiIDxN5m8jAfBgNVHSMEGDAWgBTFmMn9Kp+z6e+vApY/IiIDxN5m8jAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQCcMQJ7t9vrkNydIfNAEJI9ZneSLADJxbI7JhrBZjMxEQV3ilCXAGYdaEJjeBMbEgOfY8+wXz8aVeryruO8hkQirQ7VhSWuVfQVby2k2bR2iQjO2243nrorIVRsjnx0sQIsRbNTreYI9vlsXODCd1B1j+cRgBquBudvsV9m0vtLcH/LKA/ZRDA4237Auo322vfseB2iX3OQhGVFiTOJjMD46lVqOAsEzSeeLkQHvjBDNPfW4EaU8JjGNy6Lp/glD6fz/MKiEEnajTYIzM87MMlbYr7uq/op3ATi/K2XZCjHBUvoyZrJ9GS7sR2h/RcDpDv14cocGl6Y6gAqc9X2BYbg';

export function samlMetadata(options: { entityId?: string; ssoUrl?: string; certificate?: string; use?: 'signing' | 'encryption' } = {}): string {
  const entityId = options.entityId ?? 'https://idp.example.test/saml';
  const ssoUrl = options.ssoUrl ?? 'https://idp.example.test/saml/sso';
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="${options.use ?? 'signing'}">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data>
          <ds:X509Certificate>${options.certificate ?? SIGNING_CERTIFICATE}</ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}
