import { describe, expect, it } from 'vitest';
import { domainIssue, domainOfEmail, normalizeDomain, proofOf } from '../../../src/lib/sign-on/company-domains';

describe('the domain rule: a host name of two labels or more, ending in letters', () => {
  it('reads a domain as people type it: any case, with or without the root dot', () => {
    expect(normalizeDomain('  Acme.COM. ')).toBe('acme.com');
  });

  it('accepts host names and refuses the rest, naming an address or a URL as such', () => {
    for (const domain of ['acme.com', 'mail.acme.co.uk', 'xn--bcher-kva.example', 'a-b.io']) expect(domainIssue(domain)).toBeNull();
    expect(domainIssue('')).toBe('domainRequired');
    expect(domainIssue('ada@acme.com')).toBe('domainNotAddress');
    expect(domainIssue('https://acme.com')).toBe('domainNotAddress');
    for (const domain of ['localhost', 'acme.123', '-acme.com', 'acme-.com', 'ac me.com', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}com`]) expect(domainIssue(domain)).toBe('domainShape');
  });
});

describe('the proof: one TXT record on the domain is talentplace-verification=<token>', () => {
  it('finds the value among the records, its strings joined as DNS splits long values', () => {
    expect(proofOf([['v=spf1 -all'], ['talentplace-', 'verification=abc']], 'abc')).toEqual({ proven: true });
  });

  it('says whether a record of ours with another token is there, or none at all', () => {
    expect(proofOf([['talentplace-verification=other']], 'abc')).toEqual({ proven: false, issue: 'wrongRecord' });
    expect(proofOf([['v=spf1 -all']], 'abc')).toEqual({ proven: false, issue: 'noRecord' });
    expect(proofOf([], 'abc')).toEqual({ proven: false, issue: 'noRecord' });
  });

  it('reads the domain of an e-mail address', () => {
    expect(domainOfEmail('Ada@Acme.COM')).toBe('acme.com');
    expect(domainOfEmail('no-at-sign')).toBeNull();
  });
});
