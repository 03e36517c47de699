import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InvoiceFonts } from '../../../lib/invoices/invoice-pdf';
import type { SummaryFonts } from '../../../lib/talent/profile-summary-pdf';

// The TrueType fonts every drawn PDF embeds (invoices, the profile summary: DejaVu Sans,
// regular and bold), read once from the dejavu-fonts-ttf package and kept: every PDF takes
// a subset of them.

const require = createRequire(import.meta.url);
let loaded: Promise<InvoiceFonts & SummaryFonts> | null = null;

export function pdfFonts(): Promise<InvoiceFonts & SummaryFonts> {
  loaded ??= (async () => {
    const folder = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold] = await Promise.all([readFile(path.join(folder, 'DejaVuSans.ttf')), readFile(path.join(folder, 'DejaVuSans-Bold.ttf'))]);
    return { regular, bold };
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
