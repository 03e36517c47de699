import { and, eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AppDatabase } from '../db/client';
import { identityProviderState } from '../db/schema';
import { IdentityProviderError } from './identity-provider-error';

const SIGNING_KEY_MODEL = 'SigningKey';
const SIGNING_KEY_ID = 'current';

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

async function readSigningKey(db: AppDatabase): Promise<JWK | null> {
  const [row] = await db
    .select({ payload: identityProviderState.payload })
    .from(identityProviderState)
    .where(and(eq(identityProviderState.model, SIGNING_KEY_MODEL), eq(identityProviderState.id, SIGNING_KEY_ID)))
    .limit(1);
  return row ? (row.payload as JWK) : null;
}

/**
 * The provider's RS256 private key (JWK), created on the very first start and read from
 * the database afterwards, so that every instance signs with, and publishes, one key.
 * Instances starting together both try to insert; the first insert wins and all read it.
 */
export async function loadOrCreateSigningKey(db: AppDatabase): Promise<JWK> {
  let stored = await readSigningKey(db);
  if (!stored) {
    await db
      .insert(identityProviderState)
      .values({ model: SIGNING_KEY_MODEL, id: SIGNING_KEY_ID, payload: (await generateSigningKey()) as Record<string, unknown> })
      .onConflictDoNothing();
    stored = await readSigningKey(db);
  }
  if (!stored?.d || stored.kty !== 'RSA') {
    throw new IdentityProviderError(
      'IDP_SIGNING_KEY_UNAVAILABLE',
      'The identity provider signing key could not be stored or is not an RSA private key',
      `check the database; deleting the identity_provider_state row (model '${SIGNING_KEY_MODEL}', id '${SIGNING_KEY_ID}') makes the next start create a new key and signs everyone out`,
    );
  }
  return stored;
}
