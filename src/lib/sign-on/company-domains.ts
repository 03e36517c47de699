import { z } from 'zod';

// A company's e-mail domains for single sign-on: a domain is claimed, then proven by a DNS
// TXT record on it holding `talentplace-verification=<token>`, the way the rule learnt
// across the industry has it: nobody's assertions for a domain are trusted before its
// owner has shown they control it. Shared by the API and the /company/sign-on page; every
// message is an issue code worded in `signOn.errors.<code>`.

export const DOMAIN_RECORD_PREFIX = 'talentplace-verification=';
export const DOMAIN_MAX = 253;

/** Why a check did not prove a domain (`signOn.domainIssues.<issue>`). */
export const DOMAIN_CHECK_ISSUES = ['noRecord', 'wrongRecord', 'notFound', 'lookupFailed'] as const;
export type DomainCheckIssue = (typeof DOMAIN_CHECK_ISSUES)[number];

/** "Acme.COM." → "acme.com": people type domains in any case, some with the root's dot. */
export function normalizeDomain(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * The domain rule: a host name of two labels or more (RFC 1035: letters, digits and inner
 * hyphens, 1 to 63 characters a label, 253 in all), ending in a top-level domain of letters.
 * What people paste instead, an address or a URL, is named as such. Answers the issue code,
 * or null when the domain is fine.
 */
export function domainIssue(domain: string): string | null {
  if (domain === '') return 'domainRequired';
  if (domain.includes('@') || domain.includes('/') || domain.includes(':')) return 'domainNotAddress';
  if (domain.length > DOMAIN_MAX) return 'domainShape';
  const labels = domain.split('.');
  if (labels.length < 2) return 'domainShape';
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return 'domainShape';
  if (!/^[a-z]{2,63}$/.test(labels.at(-1)!)) return 'domainShape';
  return null;
}

export const companyDomainSchema = z.object({
  domain: z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const domain = normalizeDomain(raw ?? '');
      const issue = domainIssue(domain);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
      return domain;
    }),
});

/** The TXT record's whole value for a claim's token. */
export const domainRecordValue = (token: string): string => `${DOMAIN_RECORD_PREFIX}${token}`;

/**
 * Whether the TXT records found on a domain prove the claim: one of them (its strings
 * joined, as DNS splits long values) is exactly the claim's value. A record of ours with
 * another token says the domain was claimed elsewhere or the token was mistyped.
 */
export function proofOf(records: readonly (readonly string[])[], token: string): { proven: true } | { proven: false; issue: 'noRecord' | 'wrongRecord' } {
  const values = records.map((chunks) => chunks.join('').trim());
  if (values.includes(domainRecordValue(token))) return { proven: true };
  return { proven: false, issue: values.some((value) => value.startsWith(DOMAIN_RECORD_PREFIX)) ? 'wrongRecord' : 'noRecord' };
}

/** The domain of an e-mail address, as claims are kept; null when it has none. */
export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? normalizeDomain(email.slice(at + 1)) : null;
}
