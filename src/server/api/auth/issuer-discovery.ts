import { createHttpClient } from '../../../lib/http/http-client';

interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
}

/**
 * Finds the issuer's JWKS address from its OpenID discovery document, once. A failed
 * lookup is not cached, so the API recovers when the provider comes back.
 */
export function createJwksUriResolver(issuer: string, http = createHttpClient()) {
  let pending: Promise<string> | null = null;
  return function resolveJwksUri(): Promise<string> {
    pending ??= http
      .json<DiscoveryDocument>(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then((document) => document.jwks_uri)
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}
