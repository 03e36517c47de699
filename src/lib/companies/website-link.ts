export interface WebsiteLink {
  /** An absolute http(s) address, safe to put in href. */
  href: string;
  /** What to show: the host and path, without the scheme. */
  label: string;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A company's website as a link, or null when it cannot be one. Companies type the
 * address themselves, so "northwind.example" gets https:// added, and anything that is not
 * http(s) (javascript:, data:, mailto:...) is refused rather than put in an href.
 */
export function websiteLink(raw: string | null | undefined): WebsiteLink | null {
  const text = raw?.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.') || url.username || url.password) return null;
  const path = url.pathname === '/' ? '' : url.pathname;
  return { href: url.href, label: `${url.host}${path}` };
}
