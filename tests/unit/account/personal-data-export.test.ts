import { describe, expect, it } from 'vitest';
import { isPersonalDataExportDownloadable, personalDataExportExpiry, personalDataExportRefusal, PERSONAL_DATA_EXPORT_DAYS, PERSONAL_DATA_EXPORTS_PER_DAY } from '../../../src/lib/account/personal-data-export';

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
    const now = new Date('2026-11-30T12:00:00Z');
    const at = new Date('2026-11-30T11:00:00Z');
    expect(personalDataExportRefusal([], now)).toBeNull();
    expect(personalDataExportRefusal([{ status: 'ready', createdAt: at }, { status: 'failed', createdAt: at }], now)).toBeNull();
    expect(personalDataExportRefusal([{ status: 'ready', createdAt: at }, { status: 'preparing', createdAt: at }], now)).toBe('exportPreparing');
  });

  it('allows three archives a day, counted over the last 24 hours', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const ready = (iso: string) => ({ status: 'ready' as const, createdAt: new Date(iso) });
    expect(PERSONAL_DATA_EXPORTS_PER_DAY).toBe(3);
    expect(personalDataExportRefusal([ready('2026-11-30T08:00:00Z'), ready('2026-11-30T09:00:00Z')], now)).toBeNull();
    expect(personalDataExportRefusal([ready('2026-11-30T08:00:00Z'), ready('2026-11-30T09:00:00Z'), ready('2026-11-30T10:00:00Z')], now)).toBe('exportLimit');
    expect(personalDataExportRefusal([ready('2026-11-29T11:59:00Z'), ready('2026-11-30T09:00:00Z'), ready('2026-11-30T10:00:00Z')], now)).toBeNull();
  });
});
