import { describe, expect, it } from 'vitest';
import { attachmentAction, attachmentTarget, attachmentTooLargeLocation, tooLargeAttachmentLine } from '../../../src/lib/billing/billing-attachment-addresses';
import { billingAttachmentAddressOfUrl, billingAttachmentUrl, canAttachMore, MAX_ATTACHMENTS_PER_LINE } from '../../../src/lib/billing/billing-attachments';
import { checkUpload } from '../../../src/lib/uploads/check-upload';
import { extensionOfContentType, isStorageKey } from '../../../src/lib/uploads/media-urls';
import { ATTACHMENT_RULE, MAX_REQUEST_BODY_BYTES } from '../../../src/lib/uploads/upload-rules';

const BILLING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const LINE = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const KEY = '0f1e2d3c-4b5a-4968-8776-655443322110.png';
const ascii = (text: string) => new Uint8Array([...text].map((character) => character.charCodeAt(0)));
const MEGABYTE = 1024 * 1024;

describe('billing attachments: PDF, PNG, JPEG or WebP by content, at most 10 MB, at most 5 per line', () => {
  it('accepts the four types by their magic bytes and refuses anything else, empty or over 10 MB', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkUpload(ATTACHMENT_RULE, { size: 900, head: ascii('%PDF-1.4\n') })).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 900, head: png })).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 900, head: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) })).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 900, head: ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ') })).toEqual({ ok: true, contentType: 'image/webp' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 900, head: ascii('GIF89a') })).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 0, head: new Uint8Array() })).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload(ATTACHMENT_RULE, { size: 10 * MEGABYTE, head: ascii('%PDF-') }).ok).toBe(true);
    expect(checkUpload(ATTACHMENT_RULE, { size: 10 * MEGABYTE + 1, head: ascii('%PDF-') })).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkUpload(ATTACHMENT_RULE, null)).toEqual({ ok: false, reason: 'missing' });
    expect(MAX_REQUEST_BODY_BYTES).toBeGreaterThan(ATTACHMENT_RULE.maxBytes);
  });

  it('a line takes files up to five', () => {
    expect(MAX_ATTACHMENTS_PER_LINE).toBe(5);
    expect([0, 4, 5, 6].map(canAttachMore)).toEqual([true, true, false, false]);
  });

  it('stores each type under its own extension, and keys of those extensions are ours', () => {
    expect(extensionOfContentType('application/pdf')).toBe('pdf');
    expect(extensionOfContentType('image/png')).toBe('png');
    expect(extensionOfContentType('image/jpeg')).toBe('jpg');
    expect(extensionOfContentType('image/webp')).toBe('webp');
    expect(isStorageKey(KEY)).toBe(true);
    expect(isStorageKey(KEY.replace('.png', '.jpg'))).toBe(true);
    expect(isStorageKey(KEY.replace('.png', '.jpeg'))).toBe(false);
  });
});

describe('billing attachment addresses: billing, line and key, nothing else', () => {
  it('reads back the billing, line and key of its own URLs', () => {
    const url = billingAttachmentUrl({ billingId: BILLING, lineId: LINE, key: KEY });
    expect(url).toBe(`/api/billing-attachments/${BILLING}/${LINE}/${KEY}`);
    expect(billingAttachmentAddressOfUrl(url)).toEqual({ billingId: BILLING, lineId: LINE, key: KEY });
  });

  it('refuses other addresses, traversal, upper case, extra segments and keys that are not ours', () => {
    for (const url of [
      null,
      '',
      `/api/talent-documents/${BILLING}/${KEY}`,
      `https://example.test/api/billing-attachments/${BILLING}/${LINE}/${KEY}`,
      `/api/billing-attachments/${BILLING}/${KEY}`,
      `/api/billing-attachments/${BILLING}/${LINE}/${KEY}/x`,
      `/api/billing-attachments/${BILLING}/${LINE}/../${KEY}`,
      `/api/billing-attachments/not-a-uuid/${LINE}/${KEY}`,
      `/api/billing-attachments/${BILLING.toUpperCase()}/${LINE}/${KEY}`,
      `/api/billing-attachments/${BILLING}/${LINE}/timesheet.pdf`,
      `/api/billing-attachments/${BILLING}/${LINE}/${KEY.replace('.png', '.svg')}`,
    ]) {
      expect(billingAttachmentAddressOfUrl(url), String(url)).toBeNull();
    }
  });

  it("upload forms name billing and line in the address; an oversized one comes back to that line's form", () => {
    const action = new URL(attachmentAction(BILLING, LINE), 'http://localhost');
    expect(action.pathname).toBe('/talent/billing');
    expect(action.hash).toBe(`#line-${LINE}-attachments`);
    expect(attachmentTarget(action)).toEqual({ billingId: BILLING, lineId: LINE });
    expect(attachmentTarget(new URL(`http://localhost/talent/billing?id=${BILLING}&attach=..%2F`))).toBeNull();
    expect(attachmentTarget(new URL(`http://localhost/talent/billing?attach=${LINE}`))).toBeNull();
    const back = new URL(attachmentTooLargeLocation(BILLING, LINE), 'http://localhost');
    expect(back.searchParams.get('id')).toBe(BILLING);
    expect(tooLargeAttachmentLine(back)).toBe(LINE);
    expect(tooLargeAttachmentLine(new URL('http://localhost/talent/billing?attachmentTooLarge=x'))).toBeNull();
  });
});
