import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { SIGN_ON_ERRORS, discoveryUrlOf, type IdpProtocol } from '../../../lib/sign-on/sign-on-rules';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { companyOnUser, companyRole, idp, user, type IdpConfig } from '../../db/schema';
import { invalidFields, notFound } from '../errors';
import { certificateFingerprint } from './saml-metadata';

// A company's identity providers (the idp entity) as rows of the idp table, read from the
// selected company's side: every id is looked up among that company's rows, so another
// company's provider answers NOT_FOUND like an unknown id. The sealed client secret never
// leaves this layer: a view says only whether one is set.

export type IdpRow = typeof idp.$inferSelect;
type Reader = Pick<Writer, 'select'>;

export interface IdpView {
  id: string;
  slug: string;
  protocol: IdpProtocol;
  issuer: string | null;
  discoveryUrl: string | null;
  clientId: string | null;
  clientSecretSet: boolean;
  entityId: string | null;
  ssoUrl: string | null;
  metadataXml: string | null;
  certificateFingerprints: string[];
  wantAssertionsSigned: boolean;
  /** The role people join with at their first sign-in through it; null: nobody joins. */
  joinRoleId: string | null;
  /** Whether addresses of the company's proven domains must sign in through it (no password). */
  enforced: boolean;
  /** The owner who keeps a password while it is enforced. */
  breakGlassUserId: string | null;
  updatedAt: Date;
}

export function toIdpView(row: IdpRow): IdpView {
  const config: IdpConfig = row.config;
  const oidc = config.protocol === 'oidc' ? config : null;
  const saml = config.protocol === 'saml' ? config : null;
  return {
    id: row.id,
    slug: row.slug,
    protocol: config.protocol,
    issuer: oidc?.issuer ?? null,
    discoveryUrl: oidc ? discoveryUrlOf(oidc.issuer) : null,
    clientId: oidc?.clientId ?? null,
    clientSecretSet: row.clientSecretSealed !== null,
    entityId: saml?.entityId ?? null,
    ssoUrl: saml?.ssoUrl ?? null,
    metadataXml: saml?.metadataXml ?? null,
    certificateFingerprints: saml ? saml.certificates.map(certificateFingerprint) : [],
    wantAssertionsSigned: saml !== null,
    joinRoleId: row.joinRoleId,
    enforced: row.enforced,
    breakGlassUserId: row.breakGlassUserId,
    updatedAt: row.updatedAt,
  };
}

/** What an event may say of a provider: its settings, never its secret. */
export function idpEventFacts(row: Pick<IdpRow, 'slug' | 'config' | 'joinRoleId' | 'enforced' | 'breakGlassUserId'>): Record<string, unknown> {
  const config = row.config;
  const settings =
    config.protocol === 'oidc'
      ? { slug: row.slug, protocol: 'oidc', issuer: config.issuer, clientId: config.clientId }
      : { slug: row.slug, protocol: 'saml', entityId: config.entityId, ssoUrl: config.ssoUrl, certificates: config.certificates.map(certificateFingerprint) };
  return { ...settings, joinRoleId: row.joinRoleId, enforced: row.enforced, breakGlassUserId: row.breakGlassUserId };
}

/** The company's owners (members holding the owner role): who may be its break-glass owner. */
export async function ownersOf(db: Reader, companyId: string): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: user.id, name: sql<string>`coalesce(${user.displayName}, ${user.email})`, email: user.email })
    .from(companyOnUser)
    .innerJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), eq(companyRole.isDefault, true)))
    .innerJoin(user, eq(user.id, companyOnUser.userId))
    .where(eq(companyOnUser.companyId, companyId))
    .orderBy(asc(sql`lower(coalesce(${user.displayName}, ${user.email}))`), asc(user.id));
}

/** The break-glass owner an edit names, checked to be one of the company's owners; a field issue otherwise. */
export async function requireBreakGlassOwner(db: Reader, companyId: string, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  const owners = await ownersOf(db, companyId);
  if (!owners.some((owner) => owner.id === userId)) throw invalidFields([{ path: 'breakGlassUserId', code: 'breakGlassNotOwner' }], SIGN_ON_ERRORS);
  return userId;
}

/** The company's roles people may join with by signing in: every live role but the owner role (nobody becomes an owner unasked). */
export async function joinRoleChoicesOf(db: Reader, companyId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: companyRole.id, name: companyRole.role })
    .from(companyRole)
    .where(and(eq(companyRole.companyId, companyId), eq(companyRole.isDefault, false), isNull(companyRole.deletedAt)))
    .orderBy(asc(sql`lower(${companyRole.role})`), asc(companyRole.id));
}

/** The join role an edit names, checked against the company's choices; a field issue when it is not one of them. */
export async function requireJoinRole(db: Reader, companyId: string, joinRoleId: string | null): Promise<string | null> {
  if (joinRoleId === null) return null;
  const choices = await joinRoleChoicesOf(db, companyId);
  if (!choices.some((choice) => choice.id === joinRoleId)) throw invalidFields([{ path: 'joinRoleId', code: 'joinRoleUnknown' }], SIGN_ON_ERRORS);
  return joinRoleId;
}

export async function idpsOf(db: Reader, companyId: string): Promise<IdpRow[]> {
  return db.select().from(idp).where(eq(idp.companyId, companyId)).orderBy(asc(idp.slug));
}

/** One provider of the company, locked for a write when asked; anything else is NOT_FOUND. */
export async function idpOf(db: Writer, companyId: string, id: string, lock = false): Promise<IdpRow> {
  if (!isUuid(id)) throw notFound('The identity provider');
  const query = db.select().from(idp).where(and(eq(idp.id, id), eq(idp.companyId, companyId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The identity provider');
  return row;
}
