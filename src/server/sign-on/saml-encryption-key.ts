import { and, eq } from 'drizzle-orm';
import { generate } from 'selfsigned';
import type { AppDatabase } from '../db/client';
import { identityProviderState } from '../db/schema';

// The key a company's SAML provider encrypts its assertions to, when it does (encryption is
// the company's choice; signing is not). Made once, on first use, and kept in the database
// beside the provider's signing key, so every instance decrypts with it and the metadata
// publishes one certificate. node-saml wants it as PEM; metadata needs an X.509 certificate,
// which Node cannot write itself: selfsigned makes it.

const MODEL = 'SamlEncryptionKey';
const ID = 'current';
const VALID_YEARS = 20;

export interface SamlEncryptionKey {
  privateKeyPem: string;
  certificatePem: string;
}

async function read(db: AppDatabase): Promise<SamlEncryptionKey | null> {
  const [row] = await db
    .select({ payload: identityProviderState.payload })
    .from(identityProviderState)
    .where(and(eq(identityProviderState.model, MODEL), eq(identityProviderState.id, ID)))
    .limit(1);
  const payload = row?.payload as Partial<SamlEncryptionKey> | undefined;
  return payload?.privateKeyPem && payload.certificatePem ? { privateKeyPem: payload.privateKeyPem, certificatePem: payload.certificatePem } : null;
}

/** Instances starting together both try to insert; the first insert wins and all read it. */
export async function loadOrCreateSamlEncryptionKey(db: AppDatabase, productName: string): Promise<SamlEncryptionKey> {
  const stored = await read(db);
  if (stored) return stored;
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setFullYear(notAfterDate.getFullYear() + VALID_YEARS);
  const made = await generate([{ name: 'commonName', value: `${productName} SAML encryption` }], { keySize: 2048, algorithm: 'sha256', notBeforeDate, notAfterDate });
  await db
    .insert(identityProviderState)
    .values({ model: MODEL, id: ID, payload: { privateKeyPem: made.private, certificatePem: made.cert } })
    .onConflictDoNothing();
  const kept = await read(db);
  if (!kept) throw new Error('the SAML encryption key could not be stored');
  return kept;
}
