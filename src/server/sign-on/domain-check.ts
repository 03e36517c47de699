import { Resolver } from 'node:dns/promises';
import { proofOf, type DomainCheckIssue } from '../../lib/sign-on/company-domains';

// Looks up a claimed domain's TXT records (node:dns) and says whether they prove the claim
// (lib/sign-on/company-domains.ts). The resolver asks the servers given (SSO_DNS_SERVERS, a
// comma list of addresses with optional ports), else the system's: an operator points it at
// a resolver they trust, and the tests at a DNS server on loopback.

export type DomainCheckResult = { proven: true } | { proven: false; issue: DomainCheckIssue };

export interface DomainCheck {
  check(domain: string, token: string): Promise<DomainCheckResult>;
}

/** One lookup, bounded: a slow resolver answers "lookup failed", never holds a request. */
const TIMEOUT_MS = 3_000;

export function createDomainCheck(options: { servers?: readonly string[] } = {}): DomainCheck {
  return {
    async check(domain, token) {
      const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
      if (options.servers?.length) resolver.setServers([...options.servers]);
      try {
        return proofOf(await resolver.resolveTxt(domain), token);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // No such name, or a name without TXT records: the record is not there (yet).
        if (code === 'ENOTFOUND') return { proven: false, issue: 'notFound' };
        if (code === 'ENODATA') return { proven: false, issue: 'noRecord' };
        return { proven: false, issue: 'lookupFailed' };
      } finally {
        resolver.cancel();
      }
    },
  };
}
