import { and, asc, eq } from 'drizzle-orm';
import { discoveryUrlOf, type IdpProtocol } from '../../../lib/sign-on/sign-on-rules';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { idp, type IdpConfig } from '../../db/schema';
import { notFound } from '../errors';
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
    updatedAt: row.updatedAt,
  };
}

/** What an event may say of a provider: its settings, never its secret. */
export function idpEventFacts(row: Pick<IdpRow, 'slug' | 'config'>): Record<string, unknown> {
  const config = row.config;
  return config.protocol === 'oidc'
    ? { slug: row.slug, protocol: 'oidc', issuer: config.issuer, clientId: config.clientId }
    : { slug: row.slug, protocol: 'saml', entityId: config.entityId, ssoUrl: config.ssoUrl, certificates: config.certificates.map(certificateFingerprint) };
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
