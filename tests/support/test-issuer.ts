import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';

/**
 * A real token issuer for tests that need signed tokens apart from the built-in
 * provider: its own RS256 key pair, its JWKS served over HTTP on loopback.
 */
export interface TestIssuer {
  issuer: string;
  jwksUri: string;
  sign(claims: JWTPayload, options?: { expiresIn?: string | number; alg?: string; key?: CryptoKey; kid?: string; header?: Record<string, unknown> }): Promise<string>;
  /** How many times the JWKS was fetched. */
  jwksRequests(): number;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    async sign(claims, options = {}) {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'test-key', ...options.header })
        .setIssuedAt();
      if (claims.iss === undefined) jwt.setIssuer(issuer);
      if (claims.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? '5m');
      return jwt.sign(options.key ?? privateKey);
    },
    jwksRequests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
