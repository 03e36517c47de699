import { isUuid } from '../ids';
import { buildRoute } from '../routes/build-route';
import { ATTACHMENT_REQUEST_LIMIT } from '../uploads/upload-rules';
import type { UploadRoute } from '../uploads/upload-route';

// The attachment forms of the billing page: each posts to the billing's own view with the
// line named in the query too, so the server can refuse an oversized body from its
// Content-Length before reading it and send the browser back to that line's form
// (src/server/http/request-body-limit.ts, which gets BILLING_ATTACHMENT_UPLOADS below).

/** Names the line an upload form posts for. */
export const ATTACH_PARAM = 'attach';
/** Set on the address the page is sent back to when an upload body was refused as too large. */
export const ATTACHMENT_TOO_LARGE_PARAM = 'attachmentTooLarge';

/** Id of a line's attachments group on the billing view (also the anchor forms land on). */
export function attachmentsAnchor(lineId: string): string {
  return `line-${lineId}-attachments`;
}

/** Id of a line's file input (and the prefix of its hint and message ids). */
export function attachmentFieldId(lineId: string): string {
  return `attachment-${lineId}`;
}

const billingView = (billingId: string, extra: Record<string, string>) => buildRoute('talentBilling', { query: { id: billingId, ...extra } });

/** An upload form's action: the billing's view, the line named, landing back on its group. */
export function attachmentAction(billingId: string, lineId: string): string {
  return `${billingView(billingId, { [ATTACH_PARAM]: lineId })}#${attachmentsAnchor(lineId)}`;
}

/** Where the attachment forms of a line send the browser after they are done. */
export function attachmentsLocation(billingId: string, lineId: string): string {
  return `${billingView(billingId, {})}#${attachmentsAnchor(lineId)}`;
}

/** Where a refused oversized upload sends the browser back to. */
export function attachmentTooLargeLocation(billingId: string, lineId: string): string {
  return `${billingView(billingId, { [ATTACHMENT_TOO_LARGE_PARAM]: lineId })}#${attachmentsAnchor(lineId)}`;
}

/** The billing and line an upload form posts for, from its address; null for any other address. */
export function attachmentTarget(url: URL): { billingId: string; lineId: string } | null {
  const billingId = url.searchParams.get('id');
  const lineId = url.searchParams.get(ATTACH_PARAM);
  return billingId && lineId && isUuid(billingId) && isUuid(lineId) ? { billingId: billingId.toLowerCase(), lineId: lineId.toLowerCase() } : null;
}

/** The line whose upload was refused as too large, from the page's address. */
export function tooLargeAttachmentLine(url: URL): string | null {
  const lineId = url.searchParams.get(ATTACHMENT_TOO_LARGE_PARAM);
  return lineId && isUuid(lineId) ? lineId.toLowerCase() : null;
}

/** The billing page's attachment forms for the request body limit: the attachment limit, sent back to the line's form. */
export const BILLING_ATTACHMENT_UPLOADS: UploadRoute = {
  path: buildRoute('talentBilling'),
  decide(url) {
    const target = attachmentTarget(url);
    return target ? { limit: ATTACHMENT_REQUEST_LIMIT, sendBackTo: attachmentTooLargeLocation(target.billingId, target.lineId) } : null;
  },
};
