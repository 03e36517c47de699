import { describe, expect, it } from 'vitest';
import { websiteLink } from '../../../src/lib/companies/website-link';

describe("a company's website as an external link", () => {
  it('keeps an http(s) address and shows it without the scheme', () => {
    expect(websiteLink('https://northwind-labs.example')).toEqual({ href: 'https://northwind-labs.example/', label: 'northwind-labs.example' });
    expect(websiteLink(' http://www.kite.example/about ')).toEqual({ href: 'http://www.kite.example/about', label: 'www.kite.example/about' });
  });

  it('adds https:// to an address typed without a scheme', () => {
    expect(websiteLink('brightpath.example/careers')).toEqual({ href: 'https://brightpath.example/careers', label: 'brightpath.example/careers' });
  });

  it('refuses what must never become an href: other schemes, credentials, text that is no address', () => {
    for (const raw of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:jobs@acme.example', 'ftp://files.acme.example', 'https://user:secret@acme.example', 'not a website', 'localhost', 'https://']) {
      expect(websiteLink(raw), raw).toBeNull();
    }
  });

  it('has no link for an empty website', () => {
    expect(websiteLink(null)).toBeNull();
    expect(websiteLink(undefined)).toBeNull();
    expect(websiteLink('   ')).toBeNull();
  });
});
