/**
 * Whether browsers keep a `Secure` cookie set by pages of this origin: an https origin,
 * or plain http on a loopback name (localhost, *.localhost, 127.0.0.0/8, [::1]), which
 * browsers treat as a secure context. Anywhere else over plain http a `Secure` cookie is
 * dropped, and nobody could sign in.
 */
export function acceptsSecureCookies(origin: string): boolean {
  const url = URL.parse(origin);
  if (!url) return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * A cookie's name as the product sets it: with `Secure`, the `__Host-` prefix, which makes
 * browsers refuse the cookie unless it is Secure, has Path=/ and no Domain, so that neither
 * a plain-http page nor a sibling subdomain can set or overwrite it.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
