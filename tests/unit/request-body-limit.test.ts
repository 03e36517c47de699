import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, uploadRequestLimit } from '../../src/lib/uploads/upload-rules';
import { bodyLimitFor } from '../../src/server/http/request-body-limit';

const url = (path: string) => new URL(path, 'http://localhost');

describe('request body limit: how large a body each request may send', () => {
  it('an upload form of the profile page gets its slot limit and is sent back to its field', () => {
    expect(bodyLimitFor(url('/talent/profile?upload=picture'), '/talent/profile')).toEqual({ limit: uploadRequestLimit('picture'), slot: 'picture' });
    expect(bodyLimitFor(url('/talent/profile?upload=cv'), '/talent/profile')).toEqual({ limit: uploadRequestLimit('cv'), slot: 'cv' });
  });

  it('everything else gets the product-wide limit, the largest upload form', () => {
    for (const path of ['/talent/profile', '/talent/profile?upload=avatar', '/graphql', '/api/graphql', '/jobs?upload=picture']) {
      expect(bodyLimitFor(url(path), '/talent/profile'), path).toEqual({ limit: MAX_REQUEST_BODY_BYTES, slot: null });
    }
  });
});
