import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { buildRoute } from '../../../lib/routes/build-route';
import { isUuid } from '../../../lib/ids';
import { company, companyMemberInvitation, companyOnUser, companyRole, user } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { ApiError, conflict, notFound } from '../errors';
import { recordEvent } from '../record-event';
import type { Writer } from '../../db/client';

// Joining a company is the invited person's own act ("accepted membership",
// docs/security.md): adding someone by e-mail always makes an invitation, whether the
// address has an account or not, and the answer is the same either way. The address gets a
// mail with a single-use link (only its SHA-256 is stored); a user who holds the address
// (confirmed) also sees it in their notifications and on the invitations page. Nobody
// becomes a member until that person, signed in under the invited address, accepts.

/** The single-use token of an invitation's link, and what is stored of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: invitationTokenHash(token) };
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token from a link is 43 base64url characters; anything else matches no invitation. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface InvitationView {
  id: string;
  email: string;
  companyId: string;
  companyName: string;
  roleName: string;
  inviterName: string | null;
  createdAt: Date;
}

const ReceivedMemberInvitation = builder.objectRef<InvitationView>('ReceivedMemberInvitation').implement({
  description: 'An invitation to join a company, as the invited person reads it',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { description: 'The address invited: only its holder may accept' }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    roleName: t.exposeString('roleName', { description: 'The role offered in the company' }),
    inviterName: t.exposeString('inviterName', { nullable: true, description: 'Who sent it (null when they left)' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

function selectInvitations(db: Writer) {
  return db
    .select({
      id: companyMemberInvitation.id,
      email: companyMemberInvitation.email,
      companyId: company.id,
      companyName: company.name,
      companyVerified: sql<boolean>`${company.verificationStatus} = 'verified'`,
      roleName: companyRole.role,
      inviterName: sql<string | null>`coalesce(${user.displayName}, ${user.email})`,
      createdAt: companyMemberInvitation.createdAt,
      roleId: companyMemberInvitation.roleId,
      invitedById: companyMemberInvitation.invitedById,
    })
    .from(companyMemberInvitation)
    .innerJoin(company, and(eq(company.id, companyMemberInvitation.companyId), isNull(company.deletedAt)))
    .innerJoin(companyRole, eq(companyRole.id, companyMemberInvitation.roleId))
    .leftJoin(user, eq(user.id, companyMemberInvitation.invitedById))
    .$dynamic();
}

/** The invitation a link's token names, or null (unknown, used, declined or withdrawn). */
async function invitationByToken(db: Writer, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await selectInvitations(db).where(eq(companyMemberInvitation.tokenHash, invitationTokenHash(token))).limit(1);
  return row ?? null;
}

/** The viewer's confirmed address, or null: an unconfirmed one receives no invitation. */
export async function confirmedAddressOf(db: Writer, viewer: Viewer): Promise<string | null> {
  const [row] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, viewer.userId)).limit(1);
  return row?.emailVerified ? row.email.toLowerCase() : null;
}

/**
 * Records a new invitation of the selected company: the company's own row (its log, and the
 * mail to the address with the link, which only the mail carries) and, when a user holds the
 * address (confirmed, active), a copy addressed to them for their notifications.
 */
export async function recordMemberInvitation(
  tx: Writer,
  viewer: Viewer,
  invitation: { id: string; companyId: string; email: string; roleId: string; roleName: string; token: string },
): Promise<void> {
  const [inviter] = await tx.select({ name: sql<string>`coalesce(${user.displayName}, ${user.email})` }).from(user).where(eq(user.id, viewer.actor?.userId ?? viewer.userId)).limit(1);
  const data = { entityId: invitation.id, companyId: invitation.companyId, invitation: true, inviterName: inviter?.name ?? null };
  await recordEvent(
    tx,
    viewer,
    { type: 'companyOnUser.create', toId: invitation.companyId, data: { ...data, before: null, after: { email: invitation.email, roleId: invitation.roleId, roleName: invitation.roleName } } },
    { link: buildRoute('joinCompany', { query: { token: invitation.token } }) },
  );
  const [holder] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, invitation.email.toLowerCase()), eq(user.emailVerified, true), eq(user.status, 'active')))
    .limit(1);
  if (holder) {
    await recordEvent(tx, viewer, { type: 'companyOnUser.create', toId: holder.id, data: { ...data, invitee: true, after: { roleId: invitation.roleId, roleName: invitation.roleName } } });
  }
}

function refusal(reason: 'wrongAddress' | 'addressUnconfirmed' | 'impersonating', message: string): ApiError {
  return new ApiError('FORBIDDEN', message, { reason, httpStatus: 403 });
}

/**
 * The invitation an accept or decline names, checked against who asks: by the link's token
 * (whoever holds the link may see what it offers; only the invited address's holder acts on
 * it) or by id (only among the viewer's own invitations: any other id is NOT_FOUND). Joining
 * is the person's own act, so it is refused while someone acts as them.
 */
async function invitationToAnswer(tx: Writer, context: SignedInContext, args: { token?: string | null; id?: string | number | null }) {
  const viewer = context.viewer;
  if (viewer.actor) throw refusal('impersonating', 'Only the invited person can answer an invitation, not someone acting as them');
  const address = await confirmedAddressOf(tx, viewer);
  const token = args.token ?? null;
  const id = args.id == null ? null : String(args.id);
  const [invitation] = token
    ? [await invitationByToken(tx, token)]
    : id && isUuid(id) && address
      ? await selectInvitations(tx).where(and(eq(companyMemberInvitation.id, id), eq(sql`lower(${companyMemberInvitation.email})`, address))).limit(1)
      : [];
  if (!invitation) throw notFound('The invitation');
  if (!address) throw refusal('addressUnconfirmed', 'Confirm your e-mail address before answering an invitation');
  if (invitation.email.toLowerCase() !== address) throw refusal('wrongAddress', `This invitation is for ${invitation.email}: sign in under that address to answer it`);
  // Locked, so that an accept and a decline (or two accepts) cannot both act on it.
  const [locked] = await tx.select({ id: companyMemberInvitation.id }).from(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitation.id)).for('update');
  if (!locked) throw notFound('The invitation');
  return invitation;
}

builder.queryField('findMyMemberInvitations', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [ReceivedMemberInvitation],
    description: "Invitations to join a company sent to the signed-in user's confirmed address, newest first",
    resolve: async (_root, _args, context) => {
      const address = await confirmedAddressOf(context.db, context.viewer);
      if (!address) return [];
      return selectInvitations(context.db)
        .where(eq(sql`lower(${companyMemberInvitation.email})`, address))
        .orderBy(sql`${companyMemberInvitation.createdAt} desc`, asc(companyMemberInvitation.id));
    },
  }),
);

builder.queryField('findMemberInvitationByToken', (t) =>
  t.field({
    type: ReceivedMemberInvitation,
    nullable: true,
    description: "What an invitation link offers (company, role, inviter, the address it is for), to anyone holding the link; null when the link is used, declined or withdrawn",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, context) => invitationByToken(context.db, token),
  }),
);

const JoinedCompany = builder.objectRef<{ companyId: string; companyName: string; verified: boolean }>('JoinedCompany').implement({
  fields: (t) => ({
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    verified: t.exposeBoolean('verified', { description: 'Whether the company is verified, hence selectable at once' }),
  }),
});

/** An answer names its invitation by the link's token, or by id among one's own invitations. */
const invitationAnswerArgs = builder.args((t) => ({
  token: t.string({ required: false, description: "The link's token" }),
  id: t.id({ required: false, description: 'Or the id of one of your own invitations' }),
}));

builder.mutationField('acceptMemberInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JoinedCompany,
    description:
      "Joins the company of an invitation sent to the signed-in user's confirmed address, with its role; the invitation is used up. FORBIDDEN wrongAddress / addressUnconfirmed / impersonating; NOT_FOUND for any other invitation. Records companyOnUser.create",
    args: invitationAnswerArgs,
    resolve: (_root, args, context) =>
      context.db.transaction(async (tx) => {
        const invitation = await invitationToAnswer(tx, context, args);
        const viewer = context.viewer;
        await tx.delete(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitation.id));
        const [membership] = await tx
          .insert(companyOnUser)
          .values({ companyId: invitation.companyId, userId: viewer.userId, roleId: invitation.roleId })
          .onConflictDoNothing()
          .returning({ id: companyOnUser.id });
        if (!membership) throw conflict('alreadyMember', COMPANY_ERRORS);
        await recordEvent(tx, viewer, {
          type: 'companyOnUser.create',
          toId: invitation.companyId,
          data: { entityId: membership.id, companyId: invitation.companyId, invitationId: invitation.id, invitedById: invitation.invitedById, before: null, after: { userId: viewer.userId, roleId: invitation.roleId } },
        });
        return { companyId: invitation.companyId, companyName: invitation.companyName, verified: invitation.companyVerified };
      }),
  }),
);

builder.mutationField('declineMemberInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description: "Declines an invitation sent to the signed-in user's confirmed address and answers its id; the same refusals as acceptMemberInvitation. Records companyOnUser.delete",
    args: invitationAnswerArgs,
    resolve: (_root, args, context) =>
      context.db.transaction(async (tx) => {
        const invitation = await invitationToAnswer(tx, context, args);
        await tx.delete(companyMemberInvitation).where(eq(companyMemberInvitation.id, invitation.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyOnUser.delete',
          toId: invitation.companyId,
          data: { entityId: invitation.id, companyId: invitation.companyId, invitation: true, declined: true, before: { email: invitation.email, roleId: invitation.roleId }, after: null },
        });
        return invitation.id;
      }),
  }),
);
