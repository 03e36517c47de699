/**
 * The address a request came from when `trustedHops` reverse proxies (a load balancer,
 * nginx) stand in front: each appends the address it received the request from to
 * X-Forwarded-For, so counting from the right end of that list plus the socket's own
 * address, the entry `trustedHops` places in is the one the outermost trusted proxy saw.
 * Entries further left come from the client and may be forged; with no trusted proxy the
 * socket's address is the client's. Sign-in and sign-up limits count per this address:
 * behind a proxy, the socket address is the proxy's, shared by every visitor.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string, trustedHops: number): string {
  if (trustedHops <= 0) return socketAddress;
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...listed, socketAddress];
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}
