import type { IncomingMessage } from 'node:http';

/**
 * Where the provider's entry (identity-provider.ts handle) puts the client's address,
 * computed once per request from the socket and the trusted proxies' X-Forwarded-For
 * (lib/http/client-address.ts). oidc-provider reads it as its proxy IP header; the sign-in
 * and sign-up limits of the interaction pages read it through clientAddressOf.
 */
export const CLIENT_ADDRESS_HEADER = 'x-talentplace-client-address';

export function clientAddressOf(req: IncomingMessage): string {
  const value = req.headers[CLIENT_ADDRESS_HEADER];
  return (typeof value === 'string' && value) || req.socket.remoteAddress || 'unknown';
}
