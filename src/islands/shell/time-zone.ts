import { TIME_ZONE_COOKIE } from '../../lib/interviews/time-zone-cookie';

// Tells the server the browser's time zone (a cookie, read by pages that show interview
// times in the reader's zone), so that the next page needs no choice from her.
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  // Secure wherever the page is a secure context (https, and localhost): like every cookie of the product.
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax${window.isSecureContext ? '; secure' : ''}`;
}
