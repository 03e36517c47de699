import { eq } from 'drizzle-orm';
import { ACCOUNT_ERRORS } from '../../../lib/account/account-input';
import { accountDeletionRefusal, signedInRecently, type AccountDeletionRefusal } from '../../../lib/account/account-deletion';
import type { Writer } from '../../db/client';
import { user } from '../../db/schema';
import { afterUserErasure, eraseUser } from './user-erasure';
import { builder } from '../builder';
import { soleOwnedCompanies as soleOwnedCompaniesOf } from '../companies/company-rows';
import type { SignedInContext } from '../context';
import { conflict, forbiddenBecause, invalidFields } from '../errors';
import { recordEvent } from '../record-event';

// Deleting one's own account (docs/personal-data.md, "Deleting your own account"): the
// account deletion rule (lib/account/account-deletion.ts) under the user's row lock, then
// the same erasure an admin's deletion applies (user-erasure.ts).

interface AccountDeletionView {
  refusal: Exclude<AccountDeletionRefusal, 'confirmationMismatch'> | null;
  soleOwnedCompanies: Array<{ id: string; name: string }>;
}

const SoleOwnedCompany = builder.objectRef<{ id: string; name: string }>('SoleOwnedCompany').implement({
  description: 'A company you are the only owner of: give another member its owner role first (its members page), or ask the platform to close it',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

const AccountDeletion = builder.objectRef<AccountDeletionView>('AccountDeletion').implement({
  description: 'Whether you may delete your own account now, and what stands in the way',
  fields: (t) => ({
    refusal: t.exposeString('refusal', {
      nullable: true,
      description: 'Null when deleteMe would go through once confirmed; else impersonating, adminAccount, soleOwner or signInAgain (the credentials were not typed within the last 15 minutes: sign in again with prompt=login) (account.errors.<refusal>)',
    }),
    soleOwnedCompanies: t.field({ type: [SoleOwnedCompany], resolve: (view) => view.soleOwnedCompanies }),
  }),
});

/**
 * The user's row and the rule's answer for `confirmation`. With `lock` (deleting), the row and
 * the owners' memberships are locked until the transaction ends; without (the page's read),
 * nothing is.
 */
async function deletionAnswer(tx: Writer, context: SignedInContext, confirmation: string | null, { lock }: { lock: boolean }) {
  const { viewer } = context;
  const query = tx.select().from(user).where(eq(user.id, viewer.userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // The context provisioned this row before any resolver ran.
  if (!row) throw new Error(`the signed-in user ${viewer.userId} has no user row`);
  const soleOwnedCompanies = await soleOwnedCompaniesOf(tx, row.id, { lock });
  const refusal = accountDeletionRefusal({
    impersonating: viewer.actor !== null,
    isAdmin: viewer.isAdmin || row.adminRoleId !== null,
    soleOwnerOf: soleOwnedCompanies.map((owned) => owned.name),
    // The access token's auth_time: a token taken from a browser left signed in is not enough.
    signedInRecently: signedInRecently(viewer.authenticatedAt, Date.now()),
    email: row.email,
    // The page's read has nothing typed yet: it asks whether the rest of the rule allows it.
    confirmation: confirmation ?? row.email,
  });
  return { row, soleOwnedCompanies, refusal };
}

builder.queryField('myAccountDeletion', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: AccountDeletion,
    description: 'Whether deleteMe would go through once confirmed with your address, and the companies you would first have to hand over',
    resolve: async (_root, _args, context) => {
      const { refusal, soleOwnedCompanies } = await deletionAnswer(context.db, context, null, { lock: false });
      return { refusal: refusal === 'confirmationMismatch' ? null : refusal, soleOwnedCompanies };
    },
  }),
);

builder.mutationField('deleteMe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description:
      "Deletes your own account, confirmed by typing its e-mail address, and erases your personal data as docs/personal-data.md says: every session ended, sign-in account removed, talent profile emptied, money rows kept. Final. FORBIDDEN impersonating (nobody deletes the account they act as), adminAccount, or signInAgain (the access token's auth_time is older than 15 minutes, or missing: sign in again with prompt=login); CONFLICT soleOwner while a company has you as its only owner; BAD_USER_INPUT confirmationMismatch. Records user.delete",
    args: { confirmation: t.arg.string({ required: true, description: "Your account's e-mail address, as typed to confirm" }) },
    resolve: async (_root, { confirmation }, context) => {
      const { viewer } = context;
      const erased = await context.db.transaction(async (tx) => {
        const { row, refusal } = await deletionAnswer(tx, context, confirmation, { lock: true });
        if (refusal === 'impersonating' || refusal === 'adminAccount' || refusal === 'signInAgain') throw forbiddenBecause(refusal, ACCOUNT_ERRORS);
        if (refusal === 'soleOwner') throw conflict(refusal, ACCOUNT_ERRORS);
        if (refusal === 'confirmationMismatch') throw invalidFields([{ path: 'confirmation', code: refusal }], ACCOUNT_ERRORS, null);
        const erased = await eraseUser(tx, row);
        // Addressed to no one: the account is gone. The event names no erased value.
        await recordEvent(tx, viewer, { type: 'user.delete', toId: null, data: { entityId: row.id, self: true, erased: true, before: { status: row.status }, after: { status: 'deleted' } } });
        return { externalId: row.externalId, email: row.email, fileKeys: erased.fileKeys };
      });
      await afterUserErasure(context, erased);
      return true;
    },
  }),
);
