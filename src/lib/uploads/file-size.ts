const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

const kilobytes = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

/** A file size as people read it: "840 kB", "2.4 MB" (1024-based, as the limits are). */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return megabytes.format(bytes / MEGABYTE);
  return kilobytes.format(Math.max(1, Math.ceil(bytes / KILOBYTE)));
}
