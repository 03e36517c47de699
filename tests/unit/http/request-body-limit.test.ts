import { describe, expect, it } from 'vitest';
import { ATTACHMENT_REQUEST_LIMIT, MAX_REQUEST_BODY_BYTES, PICTURE_RULE, requestLimitOf, uploadRequestLimit } from '../../../src/lib/uploads/upload-rules';
import { COMPANY_LOGO_UPLOADS } from '../../../src/lib/companies/company-logo-pages';
import { BILLING_ATTACHMENT_UPLOADS } from '../../../src/lib/billing/billing-attachment-addresses';
import { PROFILE_UPLOADS } from '../../../src/lib/talent/upload-addresses';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor, createRequestBodyLimit } from '../../../src/server/http/request-body-limit';

const url = (path: string) => new URL(path, 'http://localhost');
// The upload routes main.ts registers.
const PAGES = [PROFILE_UPLOADS, BILLING_ATTACHMENT_UPLOADS, COMPANY_LOGO_UPLOADS];
const BILLING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const LINE = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('request body limit: how large a body each request may send', () => {
  it('an upload form of the profile page gets its slot limit and is sent back to its field', () => {
    expect(bodyLimitFor(url('/talent/profile?upload=picture'), PAGES)).toEqual({ limit: uploadRequestLimit('picture'), sendBackTo: '/talent/profile?tooLarge=picture#picture' });
    expect(bodyLimitFor(url('/talent/profile?upload=cv'), PAGES)).toEqual({ limit: uploadRequestLimit('cv'), sendBackTo: '/talent/profile?tooLarge=cv#documents' });
  });

  it('the logo form of a company profile page gets the picture limit and is sent back to its section; other paths do not match', () => {
    expect(bodyLimitFor(url(`/company/profile/${BILLING}?upload=logo`), PAGES)).toEqual({
      limit: requestLimitOf(PICTURE_RULE),
      sendBackTo: `/company/profile/${BILLING}?logoTooLarge=1#logo`,
    });
    for (const other of [`/company/profile/${BILLING}`, `/company/profile/not-an-id?upload=logo`, `/company/profile/${BILLING}/x?upload=logo`, `/x/company/profile/${BILLING}?upload=logo`]) {
      expect(bodyLimitFor(url(other), PAGES), other).toEqual({ limit: MAX_REQUEST_BODY_BYTES, sendBackTo: null });
    }
  });

  it("an attachment form of the billing page gets the attachment limit and is sent back to its line's form", () => {
    expect(bodyLimitFor(url(`/talent/billing?id=${BILLING}&attach=${LINE}`), PAGES)).toEqual({
      limit: ATTACHMENT_REQUEST_LIMIT,
      sendBackTo: `/talent/billing?id=${BILLING}&attachmentTooLarge=${LINE}#line-${LINE}-attachments`,
    });
  });

  it('a path no feature registered keeps the product-wide limit, whatever its query says', () => {
    expect(bodyLimitFor(url('/talent/profile?upload=picture'), [])).toEqual({ limit: MAX_REQUEST_BODY_BYTES, sendBackTo: null });
    expect(bodyLimitFor(url('/talent/profile?upload=picture'), [BILLING_ATTACHMENT_UPLOADS])).toEqual({ limit: MAX_REQUEST_BODY_BYTES, sendBackTo: null });
  });

  it('everything else gets the product-wide limit, the largest upload form', () => {
    for (const path of [
      '/talent/profile',
      '/talent/profile?upload=avatar',
      '/graphql',
      '/api/graphql',
      '/jobs?upload=picture',
      `/talent/billing?id=${BILLING}`,
      `/talent/billing?id=${BILLING}&attach=not-a-line`,
      `/talent/billing?attach=${LINE}`,
      `/talent/profile?id=${BILLING}&attach=${LINE}`,
    ]) {
      expect(bodyLimitFor(url(path), PAGES), path).toEqual({ limit: MAX_REQUEST_BODY_BYTES, sendBackTo: null });
    }
  });
});

describe("request body limit: its answers in the page's language", () => {
  /** A request that declares `length` bytes, and a response that keeps what is written to it. */
  function exchange(path: string, length: number) {
    const req = Object.assign(new EventEmitter(), { method: 'POST', url: path, headers: { 'content-length': String(length) }, resume() {}, destroy() {} });
    const res = {
      headersSent: false,
      status: 0,
      headers: {} as Record<string, string>,
      text: '',
      writeHead(status: number, headers: Record<string, string>) {
        Object.assign(this, { status, headers, headersSent: true });
        return this;
      },
      end(text?: string, done?: () => void) {
        this.text = text ?? '';
        done?.();
        return this;
      },
    };
    return { req, res, asNode: [req as unknown as IncomingMessage, res as unknown as ServerResponse] as const };
  }

  const refuse = createRequestBodyLimit(PAGES);

  it('refuses a body declared over the limit with 413 in French on a French page, in English otherwise', () => {
    const french = exchange('/edit-account', MAX_REQUEST_BODY_BYTES + 1);
    expect(refuse(...french.asNode, 'fr')).toBe(true);
    expect(french.res.status).toBe(413);
    expect(french.res.text).toMatch(/au plus \d+\s?Mo/);
    const english = exchange('/edit-account', MAX_REQUEST_BODY_BYTES + 1);
    refuse(...english.asNode);
    expect(english.res.text).toMatch(/at most \d+ MB/);
  });

  it("sends an upload form back to its field on the page in the page's language", () => {
    const upload = exchange('/talent/profile?upload=picture', uploadRequestLimit('picture') + 1);
    expect(refuse(...upload.asNode, 'fr')).toBe(true);
    upload.req.emit('end');
    expect(upload.res.status).toBe(303);
    expect(upload.res.headers.location).toBe('/fr/talent/profile?tooLarge=picture#picture');
  });
});
