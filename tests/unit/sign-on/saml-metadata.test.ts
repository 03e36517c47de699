import { describe, expect, it } from 'vitest';
import { certificateFingerprint, readSamlMetadata } from '../../../src/server/api/sign-on/saml-metadata';
import { SIGNING_CERTIFICATE, samlMetadata } from '../../support/saml-metadata';

describe('SAML metadata: the entity id, the sign-in address and the signing certificates are read from what the owner pastes', () => {
  it('reads an identity provider’s descriptor, preferring the redirect binding', () => {
    expect(readSamlMetadata(samlMetadata())).toEqual({ entityId: 'https://idp.example.test/saml', ssoUrl: 'https://idp.example.test/saml/sso', certificates: [SIGNING_CERTIFICATE] });
  });

  it('finds the identity provider inside an EntitiesDescriptor', () => {
    const inner = samlMetadata().replace('<?xml version="1.0" encoding="UTF-8"?>', '');
    const wrapped = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${inner}</md:EntitiesDescriptor>`;
    expect(readSamlMetadata(wrapped)).toMatchObject({ entityId: 'https://idp.example.test/saml' });
  });

  it('says what is missing: no XML, no identity provider, no https sign-in address, no signing certificate, a broken one', () => {
    expect(readSamlMetadata('not xml <')).toEqual({ issue: 'metadataUnreadable' });
    expect(readSamlMetadata('<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor/></md:EntityDescriptor>')).toEqual({ issue: 'metadataNoIdp' });
    expect(readSamlMetadata(samlMetadata({ entityId: '' }))).toEqual({ issue: 'metadataNoEntityId' });
    expect(readSamlMetadata(samlMetadata({ ssoUrl: 'http://idp.example.test/sso' }))).toEqual({ issue: 'metadataNoSsoUrl' });
    expect(readSamlMetadata(samlMetadata({ use: 'encryption' }))).toEqual({ issue: 'metadataNoCertificate' });
    expect(readSamlMetadata(samlMetadata({ certificate: 'bm90IGEgY2VydGlmaWNhdGU=' }))).toEqual({ issue: 'metadataBadCertificate' });
  });

  it('refuses a document type declaration: entities are how XML bombs and external reads start', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>${samlMetadata().replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`;
    expect(readSamlMetadata(bomb)).toEqual({ issue: 'metadataUnreadable' });
  });

  it('shows a certificate by its SHA-256 fingerprint, as providers do', () => {
    expect(certificateFingerprint(SIGNING_CERTIFICATE)).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });
});
