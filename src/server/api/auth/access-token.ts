import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Leeway for exp/nbf/iat (the identity token checks' leeway): 60 seconds. */
export const TOKEN_CLOCK_TOLERANCE_S = 60;

/**
 * How long a token that passed verification is taken as verified again without checking
 * its signature: a page makes several API calls with the same token, and the RSA check
 * was a good part of each call's CPU. Never past the token's own expiry; well within the
 * time the issuer's keys are cached anyway (10 minutes), so a key withdrawn from the JWKS
 * is refused no later than before.
 */
export const VERIFIED_TOKEN_REUSE_MS = 60_000;
/** Tokens remembered at most (one per signed-in session at a time); the oldest go first. */
const MAX_REMEMBERED_TOKENS = 10_000;

export interface AccessTokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The issuer's JWKS address, or how to find it; keys are cached and refetched on an unknown kid. */
  jwksUri: string | (() => Promise<string>);
  /** Claim holding the roles list (namespaced, e.g. https://talentplace.app/roles). */
  rolesClaim: string;
}

export interface VerifiedAccessToken {
  subject: string;
  email: string | null;
  name: string | null;
  roles: string[];
  claims: JWTPayload;
}

export class AccessTokenError extends Error {
  readonly code = 'UNAUTHENTICATED';
  constructor(message: string, readonly hint: string) {
    super(message);
    this.name = 'AccessTokenError';
  }
}

/**
 * Verifies bearer access tokens exactly as an external API would: RS256 only, the
 * configured issuer and audience, a subject, and 60 s of clock leeway. The API trusts
 * nothing else about the caller.
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  let keys: JWTVerifyGetKey | null = null;
  const loadKeys = async (): Promise<JWTVerifyGetKey> => {
    if (keys) return keys;
    const uri = typeof options.jwksUri === 'string' ? options.jwksUri : await options.jwksUri();
    keys = createRemoteJWKSet(new URL(uri), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
    return keys;
  };

  const remembered = new Map<string, { verified: VerifiedAccessToken; until: number }>();

  return async function verifyAccessToken(token: string): Promise<VerifiedAccessToken> {
    const known = remembered.get(token);
    if (known && known.until > Date.now()) return known.verified;
    remembered.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await loadKeys(), {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: TOKEN_CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new AccessTokenError(describe(error), 'sign in again to get a fresh token');
    }
    const roles = payload[options.rolesClaim];
    const verified: VerifiedAccessToken = {
      subject: payload.sub!,
      email: typeof payload.email === 'string' ? payload.email : null,
      name: typeof payload.name === 'string' ? payload.name : null,
      roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
      claims: payload,
    };
    if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { verified, until: Math.min(Date.now() + VERIFIED_TOKEN_REUSE_MS, (payload.exp! + TOKEN_CLOCK_TOLERANCE_S) * 1000) });
    return verified;
  };
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `The access token's ${error.claim} claim is not valid`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The access token is not signed with RS256';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The access token signature is not valid';
  if (error instanceof errors.JWKSNoMatchingKey) return 'The access token was signed by an unknown key';
  if (error instanceof errors.JWKSTimeout || error instanceof TypeError) return 'The token issuer could not be reached';
  return 'The access token is not valid';
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
