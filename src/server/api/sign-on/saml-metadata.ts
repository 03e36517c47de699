import { X509Certificate, createHash } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';

// A SAML 2.0 identity provider's metadata (SAML V2.0 Metadata, OASIS), as a company owner
// pastes it: the entity id, the address that takes sign-in requests and the certificates
// its assertions are signed with. Nothing else in the document is trusted or kept.

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
/** Preferred first: a redirect carries the request in the address, a POST in a form. */
const BINDINGS = ['urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'];

export interface SamlMetadata {
  entityId: string;
  ssoUrl: string;
  /** DER certificates, base64, as the metadata gives them. */
  certificates: string[];
}

export type SamlMetadataIssue = 'metadataUnreadable' | 'metadataNoIdp' | 'metadataNoEntityId' | 'metadataNoSsoUrl' | 'metadataNoCertificate' | 'metadataBadCertificate';

const children = (parent: Element, namespace: string, name: string): Element[] => Array.from(parent.getElementsByTagNameNS(namespace, name));

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

function isSignInAddress(location: string): boolean {
  try {
    const url = new URL(location);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  } catch {
    return false;
  }
}

/**
 * Reads the metadata, or answers what is missing. A document type declaration is refused
 * outright: metadata needs none, and entities are how XML bombs and external reads start.
 */
export function readSamlMetadata(xml: string): SamlMetadata | { issue: SamlMetadataIssue } {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { issue: 'metadataUnreadable' };
  let root: Element | null;
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    root = document.documentElement;
  } catch {
    return { issue: 'metadataUnreadable' };
  }
  if (!root) return { issue: 'metadataUnreadable' };
  const entities = root.namespaceURI === MD && root.localName === 'EntityDescriptor' ? [root] : children(root, MD, 'EntityDescriptor');
  const entity = entities.find((candidate) => children(candidate, MD, 'IDPSSODescriptor').length > 0);
  if (!entity) return { issue: 'metadataNoIdp' };
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) return { issue: 'metadataNoEntityId' };
  const descriptor = children(entity, MD, 'IDPSSODescriptor')[0]!;
  const services = children(descriptor, MD, 'SingleSignOnService');
  const ssoUrl = BINDINGS.map((binding) => services.find((service) => service.getAttribute('Binding') === binding)?.getAttribute('Location')?.trim()).find(
    (location): location is string => !!location && isSignInAddress(location),
  );
  if (!ssoUrl) return { issue: 'metadataNoSsoUrl' };
  const signing = children(descriptor, MD, 'KeyDescriptor').filter((key) => {
    const use = key.getAttribute('use');
    return !use || use === 'signing';
  });
  const certificates = signing.flatMap((key) => children(key, DS, 'X509Certificate').map((node) => (node.textContent ?? '').replace(/\s+/g, '')));
  if (certificates.length === 0) return { issue: 'metadataNoCertificate' };
  for (const certificate of certificates) {
    try {
      new X509Certificate(Buffer.from(certificate, 'base64'));
    } catch {
      return { issue: 'metadataBadCertificate' };
    }
  }
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** A certificate's SHA-256 fingerprint as providers show it: hex pairs joined by colons. */
export function certificateFingerprint(certificate: string): string {
  return createHash('sha256').update(Buffer.from(certificate, 'base64')).digest('hex').toUpperCase().match(/../g)!.join(':');
}
