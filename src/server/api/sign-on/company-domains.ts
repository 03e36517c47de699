import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { DOMAIN_CHECK_ISSUES, companyDomainSchema, domainRecordValue } from '../../../lib/sign-on/company-domains';
import { SIGN_ON_ERRORS } from '../../../lib/sign-on/sign-on-rules';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { isUniqueViolation } from '../../db/database-error';
import { companyDomain } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { endFederatedSessions, federatedAccountsOf } from '../../sign-on/sign-on-sessions';

// A company's e-mail domains for single sign-on (lib/sign-on/company-domains.ts): claimed
// with idp create, proven on demand with idp update (the DNS TXT record looked up now),
// given up with idp delete; each an event addressed to the company. Read with idp read.
// A domain proven by one company cannot be claimed or proven by another.

type DomainRow = typeof companyDomain.$inferSelect;

const DomainCheckIssueEnum = builder.enumType('DomainCheckIssue', {
  description: 'Why the last look-up did not prove a domain',
  values: DOMAIN_CHECK_ISSUES,
});

const CompanyDomain = builder.objectRef<DomainRow>('CompanyDomain').implement({
  description: "An e-mail domain the selected company claims for single sign-on, proven by a DNS TXT record",
  fields: (t) => ({
    id: t.exposeID('id'),
    domain: t.exposeString('domain'),
    record: t.string({ description: 'The TXT record value to publish on the domain: talentplace-verification=<token>', resolve: (row) => domainRecordValue(row.token) }),
    verifiedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the record was found; null while the domain is unproven', resolve: (row) => row.verifiedAt }),
    lastCheckedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastCheckedAt }),
    lastCheckIssue: t.field({ type: DomainCheckIssueEnum, nullable: true, resolve: (row) => row.lastCheckIssue as (typeof DOMAIN_CHECK_ISSUES)[number] | null }),
  }),
});

const domainFacts = (row: DomainRow) => ({ domain: row.domain, proven: row.verifiedAt !== null });

async function domainOf(db: Writer, companyId: string, id: string): Promise<DomainRow> {
  if (!isUuid(id)) throw notFound('The domain');
  const [row] = await db.select().from(companyDomain).where(and(eq(companyDomain.id, id), eq(companyDomain.companyId, companyId))).for('update');
  if (!row) throw notFound('The domain');
  return row;
}

const domainTaken = () => invalidFields([{ path: 'domain', code: 'domainTaken' }], SIGN_ON_ERRORS);

builder.queryField('findManyCompanyDomain', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyDomain],
    description: "The selected company's e-mail domains, by name; needs idp read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      return context.db.select().from(companyDomain).where(eq(companyDomain.companyId, companyId)).orderBy(asc(companyDomain.domain));
    },
  }),
);

builder.mutationField('createOneCompanyDomain', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyDomain,
    description:
      'Claims an e-mail domain for the selected company: answers the TXT record to publish on it. Needs idp create. BAD_USER_INPUT domainRequired, domainShape, domainNotAddress, domainClaimed (this company has it already) or domainTaken (another company has proven it). Records companyDomain.create',
    args: { domain: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'create');
      const parsed = companyDomainSchema.safeParse({ domain: args.domain });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), SIGN_ON_ERRORS);
      const { domain } = parsed.data;
      return context.db.transaction(async (tx) => {
        const [proven] = await tx.select({ id: companyDomain.id }).from(companyDomain).where(and(eq(companyDomain.domain, domain), isNotNull(companyDomain.verifiedAt), ne(companyDomain.companyId, companyId))).limit(1);
        if (proven) throw domainTaken();
        const [row] = await tx
          .insert(companyDomain)
          .values({ companyId, domain, token: randomBytes(18).toString('base64url') })
          .onConflictDoNothing({ target: [companyDomain.companyId, companyDomain.domain] })
          .returning();
        if (!row) throw invalidFields([{ path: 'domain', code: 'domainClaimed' }], SIGN_ON_ERRORS);
        await recordEvent(tx, context.viewer, { type: 'companyDomain.create', toId: companyId, data: { entityId: row.id, companyId, before: null, after: domainFacts(row) } });
        return row;
      });
    },
  }),
);

builder.mutationField('checkOneCompanyDomain', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyDomain,
    description:
      'Looks the domain’s TXT records up now: found, the domain is proven; not found, it says why (lastCheckIssue) and a proven domain stays proven until the daily check. Needs idp update. BAD_USER_INPUT domainTaken when another company proved it first. Records companyDomain.update when the domain becomes proven',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'update');
      const domainId = String(id);
      if (!isUuid(domainId)) throw notFound('The domain');
      const [current] = await context.db.select().from(companyDomain).where(and(eq(companyDomain.companyId, companyId), eq(companyDomain.id, domainId)));
      if (!current) throw notFound('The domain');
      // The look-up happens outside the transaction: a slow resolver holds no row lock.
      const result = await context.domainCheck.check(current.domain, current.token);
      try {
        return await context.db.transaction(async (tx) => {
          const row = await domainOf(tx, companyId, current.id);
          const now = new Date();
          const becameProven = result.proven && row.verifiedAt === null;
          const [saved] = await tx
            .update(companyDomain)
            .set(result.proven ? { verifiedAt: row.verifiedAt ?? now, lastCheckedAt: now, lastCheckIssue: null, updatedAt: now } : { lastCheckedAt: now, lastCheckIssue: result.issue, updatedAt: now })
            .where(eq(companyDomain.id, row.id))
            .returning();
          if (becameProven) await recordEvent(tx, context.viewer, { type: 'companyDomain.update', toId: companyId, data: { entityId: row.id, companyId, before: domainFacts(row), after: domainFacts(saved!) } });
          return saved!;
        });
      } catch (error) {
        // Another company's proof of the same domain came first (the partial unique index).
        if (isUniqueViolation(error)) throw domainTaken();
        throw error;
      }
    },
  }),
);

builder.mutationField('deleteOneCompanyDomain', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyDomain,
    description:
      'Gives up one of the selected company’s domains; everyone with an address of it who signed in through the company’s providers is signed out everywhere. Needs idp delete. NOT_FOUND for any other id. Records companyDomain.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'delete');
      const { row, accounts } = await context.db.transaction(async (tx) => {
        const removed = await domainOf(tx, companyId, String(id));
        const signedInWith = removed.verifiedAt ? await federatedAccountsOf(tx, { companyId, domain: removed.domain }) : [];
        await tx.delete(companyDomain).where(eq(companyDomain.id, removed.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyDomain.delete',
          toId: companyId,
          data: { entityId: removed.id, companyId, before: domainFacts(removed), after: null, signedOutAccounts: signedInWith.length },
        });
        return { row: removed, accounts: signedInWith };
      });
      await endFederatedSessions(context.db, accounts, (externalId) => context.userSessions.endAll(externalId));
      return row;
    },
  }),
);
