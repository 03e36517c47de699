import { describe, expect, it } from 'vitest';
import { isPersonalDataExportDownloadable, mayRequestPersonalDataExport, personalDataExportExpiry, PERSONAL_DATA_EXPORT_DAYS } from '../../../src/lib/account/personal-data-export';

describe('the personal data export rule', () => {
  const readyAt = new Date('2026-11-30T10:00:00Z');

  it('offers a prepared archive for seven days', () => {
    expect(PERSONAL_DATA_EXPORT_DAYS).toBe(7);
    expect(personalDataExportExpiry(readyAt).toISOString()).toBe('2026-12-07T10:00:00.000Z');
  });

  it('downloads a ready archive until its expiry, never after, never one still preparing or failed', () => {
    const expiresAt = personalDataExportExpiry(readyAt);
    expect(isPersonalDataExportDownloadable({ status: 'ready', expiresAt }, new Date('2026-12-07T09:59:59Z'))).toBe(true);
    expect(isPersonalDataExportDownloadable({ status: 'ready', expiresAt }, expiresAt)).toBe(false);
    expect(isPersonalDataExportDownloadable({ status: 'preparing', expiresAt: null }, readyAt)).toBe(false);
    expect(isPersonalDataExportDownloadable({ status: 'failed', expiresAt: null }, readyAt)).toBe(false);
  });

  it('prepares one archive at a time per user', () => {
    expect(mayRequestPersonalDataExport([])).toBe(true);
    expect(mayRequestPersonalDataExport([{ status: 'ready' }, { status: 'failed' }])).toBe(true);
    expect(mayRequestPersonalDataExport([{ status: 'ready' }, { status: 'preparing' }])).toBe(false);
  });
});
