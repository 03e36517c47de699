import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { domainOfEmail } from '../../lib/sign-on/company-domains';
import type { AppDatabase } from '../db/client';
import { company, companyDomain, identityAccount, idp, user } from '../db/schema';

// Which company identity provider an address or a slug signs in through (home realm
// discovery). Only a proven domain leads anywhere: an unproven claim (anyone can type a
// domain) never sends a person to a company's provider.

export type SignOnProvider = typeof idp.$inferSelect;
type Reader = Pick<AppDatabase, 'select'>;

/** The provider of the company that proved the address's domain (its first, when it has several); null for everyone else. */
export async function providerForEmail(db: Reader, email: string): Promise<SignOnProvider | null> {
  const domain = domainOfEmail(email.trim().toLowerCase());
  if (!domain) return null;
  const [row] = await db
    .select({ provider: idp })
    .from(companyDomain)
    .innerJoin(idp, eq(idp.companyId, companyDomain.companyId))
    .where(and(eq(companyDomain.domain, domain), isNotNull(companyDomain.verifiedAt)))
    .orderBy(asc(idp.createdAt), asc(idp.id))
    .limit(1);
  return row?.provider ?? null;
}

/** The provider `/sign-in/<slug>` names, if it serves a company. */
export async function providerBySlug(db: Reader, slug: string): Promise<SignOnProvider | null> {
  const [row] = await db
    .select()
    .from(idp)
    .where(and(eq(idp.slug, slug.trim().toLowerCase()), isNotNull(idp.companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * Enforced sign-on for an address: the company that proved its domain and makes its staff
 * sign in through its provider, unless the address is its break-glass owner's; null when a
 * password may be used.
 */
export async function enforcedSignOnFor(db: Reader, email: string): Promise<{ companyName: string } | null> {
  const normalized = email.trim().toLowerCase();
  const domain = domainOfEmail(normalized);
  if (!domain) return null;
  const [row] = await db
    .select({ companyName: company.name, breakGlassEmail: identityAccount.email })
    .from(companyDomain)
    .innerJoin(idp, and(eq(idp.companyId, companyDomain.companyId), eq(idp.enforced, true)))
    .innerJoin(company, eq(company.id, companyDomain.companyId))
    .leftJoin(user, eq(user.id, idp.breakGlassUserId))
    .leftJoin(identityAccount, sql`${identityAccount.id}::text = ${user.externalId}`)
    .where(and(eq(companyDomain.domain, domain), isNotNull(companyDomain.verifiedAt)))
    .limit(1);
  if (!row || row.breakGlassEmail?.toLowerCase() === normalized) return null;
  return { companyName: row.companyName };
}

/** Whether `companyId` has proven the domain of `email`: what a provider's answer for that address needs. */
export async function hasProvenDomain(db: Reader, companyId: string, email: string): Promise<boolean> {
  const domain = domainOfEmail(email);
  if (!domain) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(companyDomain)
    .where(and(eq(companyDomain.companyId, companyId), eq(companyDomain.domain, domain), isNotNull(companyDomain.verifiedAt)))
    .limit(1);
  return !!row;
}
