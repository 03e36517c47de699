import { and, desc, eq, inArray } from 'drizzle-orm';
import { IDP_CHANGE_ACTIONS, changedIdpSettings, type IdpChangeAction } from '../../../lib/sign-on/sign-on-rules';
import { generalEventslog, user } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';

// The audit trail of a company's identity providers, as its owners read it on
// /company/sign-on: every add, edit and removal from the event log (the idp events addressed
// to the company), who made it and when, and which settings an edit changed. Never a secret:
// the events hold none.

/** The most changes the page shows, newest first. */
export const IDP_CHANGES_SHOWN = 50;

interface IdpChangeRow {
  id: string;
  action: IdpChangeAction;
  slug: string;
  changed: string[];
  changedBy: string | null;
  createdAt: Date;
}

const IdpChangeActionEnum = builder.enumType('IdpChangeAction', { description: 'What a change did to an identity provider', values: IDP_CHANGE_ACTIONS });

const IdpChange = builder.objectRef<IdpChangeRow>('IdpChange').implement({
  description: "One add, edit or removal of one of the company's identity providers",
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.field({ type: IdpChangeActionEnum, resolve: (row) => row.action }),
    slug: t.exposeString('slug', { description: 'The provider’s short name at the time' }),
    changed: t.exposeStringList('changed', { description: 'For an edit, the settings it changed (slug, issuer, clientId, clientSecret, entityId, ssoUrl, certificates)' }),
    changedBy: t.exposeString('changedBy', { nullable: true, description: 'The member who made it (their name, else their e-mail); null when they are no longer a user' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

builder.queryField('findManyIdpChange', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [IdpChange],
    description: `The changes to the selected company's identity providers, newest first (at most ${IDP_CHANGES_SHOWN}); needs idp read`,
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'idp', 'read');
      const rows = await context.db
        .select({ id: generalEventslog.id, type: generalEventslog.type, data: generalEventslog.eventData, createdAt: generalEventslog.createdAt, name: user.displayName, email: user.email })
        .from(generalEventslog)
        .leftJoin(user, eq(user.id, generalEventslog.fromId))
        .where(and(eq(generalEventslog.toId, companyId), inArray(generalEventslog.type, ['idp.create', 'idp.update', 'idp.delete'])))
        .orderBy(desc(generalEventslog.createdAt), desc(generalEventslog.id))
        .limit(IDP_CHANGES_SHOWN);
      return rows.map((row) => {
        const before = (row.data.before ?? null) as Record<string, unknown> | null;
        const after = (row.data.after ?? null) as Record<string, unknown> | null;
        const slug = String((after ?? before)?.slug ?? '');
        return { id: row.id, action: row.type.slice('idp.'.length) as IdpChangeAction, slug, changed: changedIdpSettings(before, after), changedBy: row.name || row.email || null, createdAt: row.createdAt };
      });
    },
  }),
);
