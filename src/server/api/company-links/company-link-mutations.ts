import { and, eq, inArray, isNull } from 'drizzle-orm';
import { COMPANY_LINK_ERRORS, STATUS_AFTER, companyLinkProposalSchema, linkColumns, mayAct, type CompanyLinkAction } from '../../../lib/company-links/company-link-rules';
import { zodIssues } from '../../../lib/forms/zod-issues';
import type { PermissionAction } from '../../../lib/permissions/resources';
import { company, companyOnProviderCompany } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { lockedLinkOf, recordLinkEvent, toLinkView, unfinishedAssignmentsBetween } from './company-link-rows';
import { CompanyLink, CompanyLinkRelationEnum } from './company-links';

// The writes of a company link: the selected company proposes one to a verified company,
// the company it was proposed to accepts or declines it, and either side ends it (the
// proposer ends a proposal to take it back). Who may do what in which state is the rule of
// lib/company-links/company-link-rules.ts; each write records the acting company's event and
// tells the other company's owners (company-link-rows.ts).

const link = companyOnProviderCompany;

const CreateOneCompanyLinkInput = builder.inputType('CreateOneCompanyLinkInput', {
  fields: (t) => ({
    partnerCompanyId: t.id({ required: true, description: 'A verified company (findManyLinkableCompany)' }),
    relation: t.field({ type: CompanyLinkRelationEnum, required: true, description: 'What the other company would be to yours' }),
  }),
});

builder.mutationField('createOneCompanyLink', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyLink,
    description:
      'Proposes a link to a verified company as its provider or its client; its owners are told and accept or decline. A pair that was declined or ended may be proposed again. Needs companyLink create. NOT_FOUND for a company that is not verified; CONFLICT linkExists while the pair is proposed or accepted. Records companyOnProviderCompany.create',
    args: { data: t.arg({ type: CreateOneCompanyLinkInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'create');
      const parsed = companyLinkProposalSchema.safeParse({ partnerCompanyId: String(data.partnerCompanyId), relation: data.relation });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_LINK_ERRORS);
      const { partnerCompanyId, relation } = parsed.data;
      if (partnerCompanyId === companyId) throw invalidFields([{ path: 'partnerCompanyId', code: 'selfLink' }], COMPANY_LINK_ERRORS);
      return context.db.transaction(async (tx) => {
        // Only a verified company can be proposed to: a pending or rejected one is not
        // shown to other companies, so it answers like an unknown id.
        const [partner] = await tx
          .select({ name: company.name })
          .from(company)
          .where(and(eq(company.id, partnerCompanyId), eq(company.verificationStatus, 'verified'), isNull(company.deletedAt)))
          .limit(1);
        if (!partner) throw notFound('The company');
        const columns = linkColumns(companyId, partnerCompanyId, relation);
        const proposal = { ...columns, status: 'proposed' as const, proposedByCompanyId: companyId };
        // One row per pair and direction: a declined or ended one starts over, a live one stays.
        const [row] = await tx
          .insert(link)
          .values(proposal)
          .onConflictDoUpdate({ target: [link.companyId, link.providerCompanyId], set: { status: 'proposed', proposedByCompanyId: companyId, updatedAt: new Date() }, setWhere: inArray(link.status, ['declined', 'ended']) })
          .returning();
        if (!row) throw conflict('linkExists', COMPANY_LINK_ERRORS);
        await recordLinkEvent(tx, context.viewer, { type: 'companyOnProviderCompany.create', link: row, actingCompanyId: companyId, before: null, after: { status: 'proposed', relation } });
        return toLinkView(row, companyId, partner.name);
      });
    },
  }),
);

/** The permission each answer needs: accepting or declining changes the link, ending removes it from use. */
const ACTION_PERMISSION: Readonly<Record<CompanyLinkAction, PermissionAction>> = { accept: 'update', decline: 'update', end: 'delete' };

const ACTION_TEXT: Readonly<Record<CompanyLinkAction, string>> = {
  accept: 'Accepts a link proposed to the selected company; assignments may then name the two companies. Needs companyLink update',
  decline: 'Declines a link proposed to the selected company. Needs companyLink update',
  end: 'Ends an accepted link (either side), or takes back a proposal the selected company made. Refused (CONFLICT linkInUse) while an assignment both companies take part in has not ended. Needs companyLink delete',
};

function linkAction(action: CompanyLinkAction) {
  const name = `${action}CompanyLink` as const;
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).field({
      type: CompanyLink,
      description: `${ACTION_TEXT[action]}. NOT_FOUND for a link the selected company is no side of; CONFLICT linkNotOpen when the link's state does not allow it. Records companyOnProviderCompany.update`,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) => {
        const { companyId } = requireCompanyPermission(context, 'companyLink', ACTION_PERMISSION[action]);
        return context.db.transaction(async (tx) => {
          const { row, partnerName } = await lockedLinkOf(tx, companyId, String(id));
          if (!mayAct(row, companyId, action)) throw conflict('linkNotOpen', COMPANY_LINK_ERRORS);
          const partnerId = row.companyId === companyId ? row.providerCompanyId : row.companyId;
          if (action === 'end' && row.status === 'accepted' && (await unfinishedAssignmentsBetween(tx, companyId, partnerId)) > 0) {
            throw conflict('linkInUse', COMPANY_LINK_ERRORS);
          }
          const status = STATUS_AFTER[action];
          const [updated] = await tx.update(link).set({ status, updatedAt: new Date() }).where(eq(link.id, row.id)).returning();
          await recordLinkEvent(tx, context.viewer, { type: 'companyOnProviderCompany.update', link: row, actingCompanyId: companyId, before: { status: row.status }, after: { status } });
          return toLinkView(updated!, companyId, partnerName);
        });
      },
    }),
  );
}

linkAction('accept');
linkAction('decline');
linkAction('end');
