import type { Language } from '../i18n/namespaces';
import { numberFormat } from '../format/locale';

/** "7.5" → "7.5", "160.00" → "160": quantities read best without trailing zeros. */
export function formatQuantity(quantity: string, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(quantity as unknown as number);
}

/**
 * An attachment's address as a link target, or null when it is not one we should link
 * to: only web addresses and paths on this site, never `javascript:` or `data:` ones.
 */
export function attachmentHref(url: string): string | null {
  if (/^\/(?!\/)/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
