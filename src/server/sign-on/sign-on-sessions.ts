import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { domainOfEmail } from '../../lib/sign-on/company-domains';
import type { AppDatabase } from '../db/client';
import { identityAccount, identityProviderState, idp } from '../db/schema';

// Who loses their way in when a company removes its identity provider or gives up a domain
// (single sign-on): the accounts that signed in through it. Their sessions end at once, the
// built-in provider's (sessions, grants, refresh tokens) in the database and the product's
// through the caller, so nobody stays signed in on the strength of a provider the company
// no longer trusts.

type Db = Pick<AppDatabase, 'select' | 'delete'>;

/** The accounts signed in through a provider, or through any of a company's providers with an address of `domain`. */
export async function federatedAccountsOf(db: Pick<AppDatabase, 'select'>, scope: { idpId: string } | { companyId: string; domain: string }): Promise<string[]> {
  if ('idpId' in scope) {
    const rows = await db.select({ id: identityAccount.id }).from(identityAccount).where(eq(identityAccount.federatedIdpId, scope.idpId));
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: identityAccount.id, email: identityAccount.email })
    .from(identityAccount)
    .innerJoin(idp, eq(idp.id, identityAccount.federatedIdpId))
    .where(and(eq(idp.companyId, scope.companyId), isNotNull(identityAccount.federatedIdpId)));
  return rows.filter((row) => domainOfEmail(row.email) === scope.domain).map((row) => row.id);
}

/**
 * Ends every session of these accounts: the built-in provider's state here, the product's
 * through `endProductSessions` (the session store, keyed by the account id as token
 * subject); answers how many product sessions were open.
 */
export async function endFederatedSessions(db: Db, accountIds: readonly string[], endProductSessions: (externalId: string) => Promise<number>): Promise<number> {
  if (accountIds.length === 0) return 0;
  await db.delete(identityProviderState).where(inArray(sql`${identityProviderState.payload}->>'accountId'`, [...accountIds]));
  let ended = 0;
  for (const accountId of accountIds) ended += await endProductSessions(accountId);
  return ended;
}
