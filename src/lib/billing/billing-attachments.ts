import { isUuid } from '../ids';
import { isStorageKey } from '../uploads/media-urls';

// Files attached to a billing line (billingLineItem.attachments): timesheets,
// receipts. They are private: their address goes through the session to whoever may read
// them (src/server/api/auth/billing-attachment-access.ts), never to a public folder.

/** A line holds at most this many files. */
export const MAX_ATTACHMENTS_PER_LINE = 5;

/** Where attachments are downloaded: the address names billing, line and key, so reading one needs no search. */
export const BILLING_ATTACHMENT_PATH_PREFIX = '/api/billing-attachments/';

export interface BillingAttachmentAddress {
  billingId: string;
  lineId: string;
  key: string;
}

export function billingAttachmentUrl({ billingId, lineId, key }: BillingAttachmentAddress): string {
  return `${BILLING_ATTACHMENT_PATH_PREFIX}${billingId}/${lineId}/${key}`;
}

/** The billing, line and key of one of our attachment URLs (or of its path); null for anything else. */
export function billingAttachmentAddressOfUrl(url: string | null | undefined): BillingAttachmentAddress | null {
  if (!url?.startsWith(BILLING_ATTACHMENT_PATH_PREFIX)) return null;
  const [billingId, lineId, key, ...rest] = url.slice(BILLING_ATTACHMENT_PATH_PREFIX.length).split('/');
  if (rest.length > 0 || !billingId || !lineId || !isUuid(billingId) || !isUuid(lineId) || !isStorageKey(key)) return null;
  // Lower case only, as the server writes them: one address per file.
  if (billingId !== billingId.toLowerCase() || lineId !== lineId.toLowerCase()) return null;
  return { billingId, lineId, key };
}

/** A line with this many files can take one more. */
export function canAttachMore(count: number): boolean {
  return count < MAX_ATTACHMENTS_PER_LINE;
}
