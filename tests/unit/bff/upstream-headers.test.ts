import { describe, expect, it } from 'vitest';
import { buildUpstreamHeaders } from '../../../src/server/bff/upstream-headers';

describe('upstream headers', () => {
  it("tell the API the page's side and language from its address, the French prefix included", () => {
    const french = buildUpstreamHeaders(null, '/fr/company/messages');
    expect([french.get('tp-domain'), french.get('accept-language')]).toEqual(['company', 'fr']);
    const english = buildUpstreamHeaders(null, '/company/messages');
    expect([english.get('tp-domain'), english.get('accept-language')]).toEqual(['company', 'en']);
    expect(buildUpstreamHeaders(null, '/fr/talent/messages').get('tp-domain')).toBe('talent');
    expect(buildUpstreamHeaders(null, '/fr').get('tp-domain')).toBe('talent');
  });
});
