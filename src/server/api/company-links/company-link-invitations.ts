import { and, asc, eq, sql } from 'drizzle-orm';
import { COMPANY_LINK_ERRORS, companyLinkInvitationSchema, linkColumns, type CompanyLinkRelation } from '../../../lib/company-links/company-link-rules';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { buildRoute } from '../../../lib/routes/build-route';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { company, companyLinkInvitation, companyOnProviderCompany, user } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { confirmedAddressOf, invitationTokenHash, newInvitationToken } from '../companies/member-invitations';
import type { SignedInContext } from '../context';
import { conflict, forbiddenBecause, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { ownersOf, recordLinkEvent, toLinkView } from './company-link-rows';
import { CompanyLink, CompanyLinkRelationEnum } from './company-links';

// A company link offered to an e-mail address instead of a company found on the platform:
// the company's partner may not be on it yet. The address is mailed a single-use link to
// /company/partners (only its SHA-256 is kept, as for member invitations); its holder, signed
// in under that confirmed address, accepts it for the company they have selected (one they
// may create first: it must be verified, as every company that works on the platform) or
// declines it. Accepting makes the link accepted at once: the inviting company proposed it,
// the invited one agrees.

interface InvitationRow {
  id: string;
  email: string;
  /** PROVIDES_TO_US or WE_PROVIDE_TO (a check constraint keeps the column to these). */
  relation: string;
  createdAt: Date;
}

const relationOf = (row: Pick<InvitationRow, 'relation'>) => row.relation as CompanyLinkRelation;

const CompanyLinkInvitation = builder.objectRef<InvitationRow>('CompanyLinkInvitation').implement({
  description: 'An open invitation of the selected company to link, sent to an e-mail address',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    relation: t.field({ type: CompanyLinkRelationEnum, description: 'What the invited company would be to the inviting one', resolve: relationOf }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

interface ReceivedRow extends InvitationRow {
  companyId: string;
  companyName: string;
  inviterName: string | null;
}

const ReceivedCompanyLinkInvitation = builder.objectRef<ReceivedRow>('ReceivedCompanyLinkInvitation').implement({
  description: 'An invitation to link, as the invited address reads it from its link',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { description: 'The address invited: only its holder may answer' }),
    relation: t.field({ type: CompanyLinkRelationEnum, description: 'What the invited company would be to the inviting one', resolve: relationOf }),
    companyId: t.exposeID('companyId', { description: 'The inviting company' }),
    companyName: t.exposeString('companyName'),
    inviterName: t.exposeString('inviterName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const invitationColumns = { id: companyLinkInvitation.id, email: companyLinkInvitation.email, relation: companyLinkInvitation.relation, createdAt: companyLinkInvitation.createdAt };

async function receivedByToken(db: Writer, token: string, lock = false): Promise<ReceivedRow | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const query = db
    .select({ ...invitationColumns, companyId: company.id, companyName: company.name, inviterName: sql<string | null>`coalesce(${user.displayName}, ${user.email})` })
    .from(companyLinkInvitation)
    .innerJoin(company, and(eq(company.id, companyLinkInvitation.companyId), sql`${company.deletedAt} is null`))
    .leftJoin(user, eq(user.id, companyLinkInvitation.invitedById))
    .where(eq(companyLinkInvitation.tokenHash, invitationTokenHash(token)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: companyLinkInvitation }) : await query;
  return row ?? null;
}

const refused = (reason: string) => forbiddenBecause(reason, COMPANY_LINK_ERRORS);

/** The invitation a token names, answerable by the viewer: its address's holder, acting as themselves. */
async function answerable(tx: Writer, context: SignedInContext, token: string): Promise<ReceivedRow> {
  if (context.viewer.actor) throw refused('impersonating');
  const invitation = await receivedByToken(tx, token, true);
  if (!invitation) throw notFound('The invitation');
  const address = await confirmedAddressOf(tx, context.viewer);
  if (!address) throw refused('addressUnconfirmed');
  if (invitation.email.toLowerCase() !== address) throw refused('wrongAddress');
  return invitation;
}

builder.queryField('findManyCompanyLinkInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyLinkInvitation],
    description: "The selected company's open invitations to link, newest first; needs companyLink read",
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'read');
      return context.db.select(invitationColumns).from(companyLinkInvitation).where(eq(companyLinkInvitation.companyId, companyId)).orderBy(sql`${companyLinkInvitation.createdAt} desc`, asc(companyLinkInvitation.id));
    },
  }),
);

builder.queryField('findCompanyLinkInvitationByToken', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedCompanyLinkInvitation,
    nullable: true,
    description: 'What an invitation link offers, to a signed-in holder of the link; null when used, declined or withdrawn',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, context) => receivedByToken(context.db, token),
  }),
);

const CreateOneCompanyLinkInvitationInput = builder.inputType('CreateOneCompanyLinkInvitationInput', {
  fields: (t) => ({
    email: t.string({ required: true, description: "The other company's owner's address" }),
    relation: t.field({ type: CompanyLinkRelationEnum, required: true, description: 'What the invited company would be to yours' }),
  }),
});

builder.mutationField('createOneCompanyLinkInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyLinkInvitation,
    description:
      'Invites a company to link by mailing its owner a single-use link; the same answer whether or not the address has an account. Needs companyLink create. CONFLICT alreadyInvited. Records companyOnProviderCompany.create',
    args: { data: t.arg({ type: CreateOneCompanyLinkInvitationInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyLink', 'create');
      const parsed = companyLinkInvitationSchema.safeParse({ email: data.email, relation: data.relation });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_LINK_ERRORS);
      const { email, relation } = parsed.data;
      return context.db.transaction(async (tx) => {
        const { token, tokenHash } = newInvitationToken();
        const [invitation] = await tx.insert(companyLinkInvitation).values({ companyId, email, relation, tokenHash, invitedById: userId }).onConflictDoNothing().returning(invitationColumns);
        if (!invitation) throw conflict('alreadyInvited', COMPANY_LINK_ERRORS, 'email');
        const [inviter] = await tx.select({ name: sql<string>`coalesce(${user.displayName}, ${user.email})` }).from(user).where(eq(user.id, context.viewer.actor?.userId ?? userId)).limit(1);
        // The mail to the address carries the link (never written to the log).
        await recordEvent(
          tx,
          context.viewer,
          { type: 'companyOnProviderCompany.create', toId: companyId, data: { entityId: invitation.id, companyId, partnerCompanyId: companyId, relation, invitation: true, inviterName: inviter?.name ?? null, before: null, after: { email, relation } } },
          { link: buildRoute('companyPartners', { query: { invitation: token } }) },
        );
        return invitation;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyLinkInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description: "Withdraws an open invitation of the selected company; its link stops working. Needs companyLink delete. Records companyOnProviderCompany.delete",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'delete');
      const wanted = String(id);
      return context.db.transaction(async (tx) => {
        const [removed] = isUuid(wanted)
          ? await tx.delete(companyLinkInvitation).where(and(eq(companyLinkInvitation.id, wanted), eq(companyLinkInvitation.companyId, companyId))).returning(invitationColumns)
          : [];
        if (!removed) throw notFound('The invitation');
        await recordEvent(tx, context.viewer, { type: 'companyOnProviderCompany.delete', toId: companyId, data: { entityId: removed.id, companyId, invitation: true, before: { email: removed.email, relation: removed.relation }, after: null } });
        return removed.id;
      });
    },
  }),
);

builder.mutationField('acceptCompanyLinkInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyLink,
    description:
      "Accepts an invitation to link for the selected company, as the holder of the invited (confirmed) address: the link is accepted at once and the invitation used up. Needs companyLink update. FORBIDDEN wrongAddress / addressUnconfirmed / impersonating; CONFLICT invitationOwnCompany / linkExists; NOT_FOUND for a used or unknown token. Records companyOnProviderCompany.update",
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'update');
      return context.db.transaction(async (tx) => {
        const invitation = await answerable(tx, context, token);
        if (invitation.companyId === companyId) throw conflict('invitationOwnCompany', COMPANY_LINK_ERRORS);
        const columns = linkColumns(invitation.companyId, companyId, relationOf(invitation));
        const link = companyOnProviderCompany;
        const [row] = await tx
          .insert(link)
          .values({ ...columns, status: 'accepted', proposedByCompanyId: invitation.companyId })
          .onConflictDoUpdate({ target: [link.companyId, link.providerCompanyId], set: { status: 'accepted', proposedByCompanyId: invitation.companyId, updatedAt: new Date() }, setWhere: sql`${link.status} <> 'accepted'` })
          .returning();
        if (!row) throw conflict('linkExists', COMPANY_LINK_ERRORS);
        await tx.delete(companyLinkInvitation).where(eq(companyLinkInvitation.id, invitation.id));
        await recordLinkEvent(tx, context.viewer, { type: 'companyOnProviderCompany.update', link: row, actingCompanyId: companyId, before: { invitationId: invitation.id }, after: { status: 'accepted' } });
        return toLinkView(row, companyId, invitation.companyName);
      });
    },
  }),
);

builder.mutationField('declineCompanyLinkInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description: 'Declines an invitation to link, as the holder of the invited (confirmed) address; no company needed. The same refusals as acceptCompanyLinkInvitation. Records companyOnProviderCompany.update',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, context) =>
      context.db.transaction(async (tx) => {
        const invitation = await answerable(tx, context, token);
        await tx.delete(companyLinkInvitation).where(eq(companyLinkInvitation.id, invitation.id));
        const data = { entityId: invitation.id, companyId: invitation.companyId, invitation: true, relation: invitation.relation, before: { email: invitation.email }, after: { status: 'declined' } };
        await recordEvent(tx, context.viewer, { type: 'companyOnProviderCompany.update', toId: invitation.companyId, data });
        // The inviting company's owners are told, as for a declined proposal.
        for (const owner of await ownersOf(tx, invitation.companyId)) {
          await recordEvent(tx, context.viewer, { type: 'companyOnProviderCompany.update', toId: owner, data: { ...data, invitee: true } });
        }
        return invitation.id;
      }),
  }),
);
