import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { SIGN_ON_ERRORS, breakGlassIssue, idpSchema, missingSecretIssue, type IdpValues } from '../../../lib/sign-on/sign-on-rules';
import type { Writer } from '../../db/client';
import { isUniqueViolation } from '../../db/database-error';
import { idp, type IdpConfig } from '../../db/schema';
import type { SecretBox } from '../../crypto/secret-box';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { ApiError, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { idpEventFacts, idpOf, requireBreakGlassOwner, requireJoinRole, toIdpView, type IdpRow } from './idp-rows';
import { readSamlMetadata } from './saml-metadata';
import { endFederatedSessions, federatedAccountsOf } from '../../sign-on/sign-on-sessions';
import { Idp, IdpProtocolEnum } from './sign-on';

// The writes of a company's identity providers: add, edit, remove, each with idp create,
// update or delete, each recorded as an idp event addressed to the company (its audit
// trail). The OIDC client secret is sealed with the row's id before it is stored and is
// never read back; a blank secret on an edit keeps the stored one.

const IdpInput = builder.inputType('IdpInput', {
  fields: (t) => ({
    protocol: t.field({ type: IdpProtocolEnum, required: true }),
    slug: t.string({ required: true, description: 'Lowercase letters, digits and hyphens; unique across the platform' }),
    issuer: t.string({ description: 'OIDC: the issuer (or its discovery document address)' }),
    clientId: t.string({ description: 'OIDC: our client id at the provider' }),
    clientSecret: t.string({ description: 'OIDC: our client secret; write-only. Blank on an edit keeps the stored one' }),
    metadataXml: t.string({ description: 'SAML: the provider’s metadata, pasted as XML' }),
    joinRoleId: t.id({ description: 'The role people join the company with at their first sign-in through it (findManyIdpJoinRole); blank: nobody joins by signing in' }),
    enforced: t.boolean({ description: "Enforce single sign-on: addresses of the company's proven domains can no longer sign in with a password (breakGlassUserId excepted)" }),
    breakGlassUserId: t.id({ description: 'The owner (findManyIdpOwner) who keeps a password while sign-on is enforced; required then' }),
  }),
});

type IdpInputShape = {
  protocol: string;
  slug: string;
  issuer?: string | null;
  clientId?: string | null;
  clientSecret?: string | null;
  metadataXml?: string | null;
  joinRoleId?: string | number | null;
  enforced?: boolean | null;
  breakGlassUserId?: string | number | null;
};

/** The input checked by the feature's rules and, for SAML, its metadata read: the config to store, or field issues. */
function configOf(data: IdpInputShape, creating: boolean): { values: IdpValues; config: IdpConfig } {
  const parsed = idpSchema.safeParse({
    ...data,
    joinRoleId: data.joinRoleId == null ? null : String(data.joinRoleId),
    breakGlassUserId: data.breakGlassUserId == null ? null : String(data.breakGlassUserId),
  });
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), SIGN_ON_ERRORS);
  const values = parsed.data;
  const missing = [missingSecretIssue(values, creating), breakGlassIssue(values)].filter((issue) => issue !== null);
  if (missing.length) throw invalidFields(missing, SIGN_ON_ERRORS);
  if (values.protocol === 'oidc') return { values, config: { protocol: 'oidc', issuer: values.issuer, clientId: values.clientId! } };
  const metadata = readSamlMetadata(values.metadataXml!);
  if ('issue' in metadata) throw invalidFields([{ path: 'metadataXml', code: metadata.issue }], SIGN_ON_ERRORS);
  return { values, config: { protocol: 'saml', ...metadata, metadataXml: values.metadataXml!, wantAssertionsSigned: true } };
}

const slugTaken = (): ApiError => invalidFields([{ path: 'slug', code: 'slugTaken' }] satisfies FieldIssue[], SIGN_ON_ERRORS);

/** Slugs are the platform's, not the company's: another company's slug is taken too. */
async function requireFreeSlug(tx: Writer, slug: string, exceptId: string | null): Promise<void> {
  const [clash] = await tx
    .select({ id: idp.id })
    .from(idp)
    .where(exceptId ? and(eq(idp.slug, slug), ne(idp.id, exceptId)) : eq(idp.slug, slug))
    .limit(1);
  if (clash) throw slugTaken();
}

function requireSecretBox(context: SignedInContext): SecretBox {
  if (!context.secretBox) throw new Error('The API runs without a stored-secrets key: provider secrets cannot be sealed');
  return context.secretBox;
}

/** Runs a write, answering a slug claimed meanwhile by someone else as the field issue it is. */
async function withSlugGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

builder.mutationField('createOneIdp', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Idp,
    description:
      'Adds an identity provider to the selected company: OIDC (issuer, client id and secret) or SAML 2.0 (metadata XML: entity id, sign-in address and signing certificates are read from it; signed assertions always required). Needs idp create. BAD_USER_INPUT with a code per field (slugTaken for a slug in use anywhere). Records idp.create',
    args: { data: t.arg({ type: IdpInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'create');
      const { values, config } = configOf(data, true);
      const id = randomUUID();
      const sealed = values.protocol === 'oidc' && values.clientSecret ? requireSecretBox(context).seal(values.clientSecret, id) : null;
      return withSlugGuard(() =>
        context.db.transaction(async (tx) => {
          await requireFreeSlug(tx, values.slug, null);
          const joinRoleId = await requireJoinRole(tx, companyId, values.joinRoleId);
          const breakGlassUserId = await requireBreakGlassOwner(tx, companyId, values.breakGlassUserId);
          const [row] = await tx
            .insert(idp)
            .values({ id, companyId, slug: values.slug, protocol: config.protocol, config, clientSecretSealed: sealed, joinRoleId, enforced: values.enforced, breakGlassUserId })
            .returning();
          await recordEvent(tx, context.viewer, { type: 'idp.create', toId: companyId, data: { entityId: id, companyId, before: null, after: { ...idpEventFacts(row!), clientSecret: sealed ? 'set' : 'none' } } });
          return toIdpView(row!);
        }),
      );
    },
  }),
);

builder.mutationField('updateOneIdp', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Idp,
    description:
      'Changes an identity provider of the selected company; its protocol stays (protocolFixed). A blank client secret keeps the stored one, a new one replaces it. Needs idp update. NOT_FOUND for another company’s provider. Records idp.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: IdpInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'update');
      return withSlugGuard(() =>
        context.db.transaction(async (tx) => {
          const before = await idpOf(tx, companyId, String(id), true);
          if (before.protocol !== data.protocol) throw invalidFields([{ path: 'protocol', code: 'protocolFixed' }], SIGN_ON_ERRORS);
          const { values, config } = configOf(data, false);
          await requireFreeSlug(tx, values.slug, before.id);
          const joinRoleId = await requireJoinRole(tx, companyId, values.joinRoleId);
          const breakGlassUserId = await requireBreakGlassOwner(tx, companyId, values.breakGlassUserId);
          const replaced = values.protocol === 'oidc' && values.clientSecret ? requireSecretBox(context).seal(values.clientSecret, before.id) : null;
          const [row] = await tx
            .update(idp)
            .set({ slug: values.slug, config, joinRoleId, enforced: values.enforced, breakGlassUserId, ...(replaced ? { clientSecretSealed: replaced } : {}), updatedAt: new Date() })
            .where(eq(idp.id, before.id))
            .returning();
          await recordEvent(tx, context.viewer, {
            type: 'idp.update',
            toId: companyId,
            data: { entityId: before.id, companyId, before: idpEventFacts(before), after: { ...idpEventFacts(row!), ...(replaced ? { clientSecret: 'replaced' } : {}) } },
          });
          return toIdpView(row!);
        }),
      );
    },
  }),
);

builder.mutationField('deleteOneIdp', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Idp,
    description:
      'Removes an identity provider of the selected company, its sealed secret with it; everyone signed in through it is signed out everywhere. Needs idp delete. NOT_FOUND for another company’s provider. Records idp.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'delete');
      const { row, accounts } = await context.db.transaction(async (tx) => {
        const removed: IdpRow = await idpOf(tx, companyId, String(id), true);
        // Read before the row goes: the accounts' link to it is cleared with it.
        const signedInThrough = await federatedAccountsOf(tx, { idpId: removed.id });
        await tx.delete(idp).where(eq(idp.id, removed.id));
        await recordEvent(tx, context.viewer, {
          type: 'idp.delete',
          toId: companyId,
          data: { entityId: removed.id, companyId, before: idpEventFacts(removed), after: null, signedOutAccounts: signedInThrough.length },
        });
        return { row: removed, accounts: signedInThrough };
      });
      await endFederatedSessions(context.db, accounts, (externalId) => context.userSessions.endAll(externalId));
      return toIdpView(row);
    },
  }),
);
