import { IDP_PROTOCOLS } from '../../../lib/sign-on/sign-on-rules';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { idpOf, idpsOf, joinRoleChoicesOf, ownersOf, toIdpView, type IdpView } from './idp-rows';

// A company's identity providers (the idp entity; the /company/sign-on page): the OIDC or
// SAML 2.0 providers its staff sign in through. Read with idp read. A provider's settings
// come back; its client secret never does, only whether one is set.

export const IdpProtocolEnum = builder.enumType('IdpProtocol', {
  values: Object.fromEntries(IDP_PROTOCOLS.map((value) => [value.toUpperCase(), { value }])) as Record<Uppercase<(typeof IDP_PROTOCOLS)[number]>, { value: (typeof IDP_PROTOCOLS)[number] }>,
});

export const Idp = builder.objectRef<IdpView>('Idp').implement({
  description: "An identity provider of the selected company's (single sign-on)",
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug', { description: 'Names the provider in /sign-in/<slug>' }),
    protocol: t.field({ type: IdpProtocolEnum, resolve: (row) => row.protocol }),
    issuer: t.exposeString('issuer', { nullable: true, description: 'OIDC: the issuer' }),
    discoveryUrl: t.exposeString('discoveryUrl', { nullable: true, description: 'OIDC: where its discovery document is read' }),
    clientId: t.exposeString('clientId', { nullable: true, description: 'OIDC: our client id at the provider' }),
    clientSecretSet: t.exposeBoolean('clientSecretSet', { description: 'OIDC: a client secret is stored (it is never sent back)' }),
    entityId: t.exposeString('entityId', { nullable: true, description: 'SAML: the provider’s entity id, read from its metadata' }),
    ssoUrl: t.exposeString('ssoUrl', { nullable: true, description: 'SAML: where sign-in requests go, read from its metadata' }),
    metadataXml: t.exposeString('metadataXml', { nullable: true, description: 'SAML: the metadata as pasted (public by nature)' }),
    certificateFingerprints: t.exposeStringList('certificateFingerprints', { description: 'SAML: SHA-256 fingerprints of the signing certificates' }),
    wantAssertionsSigned: t.exposeBoolean('wantAssertionsSigned', { description: 'SAML: always true, assertions must be signed' }),
    joinRoleId: t.exposeID('joinRoleId', { nullable: true, description: 'The role people join the company with at their first sign-in through it; null: nobody joins by signing in' }),
    enforced: t.exposeBoolean('enforced', { description: "Enforced single sign-on: addresses of the company's proven domains cannot sign in with a password, but for the break-glass owner" }),
    breakGlassUserId: t.exposeID('breakGlassUserId', { nullable: true, description: 'The owner (user id) who keeps a password while sign-on is enforced' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

builder.queryField('findManyIdp', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [Idp],
    description: "The selected company's identity providers, by slug; needs idp read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      return (await idpsOf(context.db, companyId)).map(toIdpView);
    },
  }),
);

const IdpJoinRole = builder.objectRef<{ id: string; name: string }>('IdpJoinRole').implement({
  description: 'A role of the selected company people may join with by signing in through its provider',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

builder.queryField('findManyIdpJoinRole', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [IdpJoinRole],
    description: "The selected company's roles a provider may join people with: every role but the owner role, by name; needs idp read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      return joinRoleChoicesOf(context.db, companyId);
    },
  }),
);

const IdpOwner = builder.objectRef<{ id: string; name: string; email: string }>('IdpOwner').implement({
  description: 'An owner of the selected company, who may be its break-glass owner',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The user id' }), name: t.exposeString('name'), email: t.exposeString('email') }),
});

builder.queryField('findManyIdpOwner', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [IdpOwner],
    description: "The selected company's owners, who may be its break-glass owner while sign-on is enforced; needs idp read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      return ownersOf(context.db, companyId);
    },
  }),
);

builder.queryField('findIdp', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Idp,
    description: 'One identity provider of the selected company; NOT_FOUND for any other id. Needs idp read',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      return toIdpView(await idpOf(context.db, companyId, String(id)));
    },
  }),
);
