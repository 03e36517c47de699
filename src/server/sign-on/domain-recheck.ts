import { eq, isNotNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { companyDomain, generalEventslog } from '../db/schema';
import type { DomainCheck } from './domain-check';

// The daily look-up of every proven company e-mail domain (the queue's domain-check job,
// DOMAIN_CHECK_CRON): a domain whose record is gone (the name, the record or our token) is
// no longer proven, and the company's log says so; a look-up that failed (the resolver,
// not the domain) changes nothing but the last check, so an outage un-proves nobody.

export async function recheckProvenDomains(options: { db: AppDatabase; domainCheck: DomainCheck; now?: Date }): Promise<{ checked: number; lost: number }> {
  const { db, domainCheck } = options;
  const proven = await db.select().from(companyDomain).where(isNotNull(companyDomain.verifiedAt));
  let lost = 0;
  for (const row of proven) {
    const result = await domainCheck.check(row.domain, row.token);
    const now = options.now ?? new Date();
    if (result.proven) {
      await db.update(companyDomain).set({ lastCheckedAt: now, lastCheckIssue: null }).where(eq(companyDomain.id, row.id));
      continue;
    }
    if (result.issue === 'lookupFailed') {
      await db.update(companyDomain).set({ lastCheckedAt: now, lastCheckIssue: result.issue }).where(eq(companyDomain.id, row.id));
      continue;
    }
    lost += 1;
    await db.transaction(async (tx) => {
      await tx.update(companyDomain).set({ verifiedAt: null, lastCheckedAt: now, lastCheckIssue: result.issue, updatedAt: now }).where(eq(companyDomain.id, row.id));
      // Made by no one: the platform's check, addressed to the company as its other domain events.
      await tx.insert(generalEventslog).values({
        fromId: null,
        toId: row.companyId,
        type: 'companyDomain.update',
        eventData: { entityId: row.id, companyId: row.companyId, before: { domain: row.domain, proven: true }, after: { domain: row.domain, proven: false, issue: result.issue }, action: 'dailyCheck' },
      });
    });
  }
  return { checked: proven.length, lost };
}
