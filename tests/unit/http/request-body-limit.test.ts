import { describe, expect, it } from 'vitest';
import { ATTACHMENT_REQUEST_LIMIT, MAX_REQUEST_BODY_BYTES, PICTURE_RULE, requestLimitOf, uploadRequestLimit } from '../../../src/lib/uploads/upload-rules';
import { COMPANY_LOGO_UPLOADS } from '../../../src/lib/companies/company-logo-pages';
import { BILLING_ATTACHMENT_UPLOADS } from '../../../src/lib/billing/billing-attachment-addresses';
import { PROFILE_UPLOADS } from '../../../src/lib/talent/upload-addresses';
import { bodyLimitFor } from '../../../src/server/http/request-body-limit';

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
