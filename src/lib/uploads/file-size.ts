const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

import type { Language } from '../i18n/namespaces';
import { numberFormat } from '../format/locale';

/** A file size as people read it: "840 kB", "2.4 MB", "2,4 Mo" (1024-based, as the limits are). */
export function formatFileSize(bytes: number, language: Language): string {
  if (bytes >= MEGABYTE) return numberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / MEGABYTE);
  return numberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / KILOBYTE)));
}
