import { escapeLike } from '../../db/like-pattern';
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import { user } from '../../db/schema';
import { builder } from '../builder';
import { IMPERSONATION_ERRORS } from '../../../lib/impersonation/impersonation-rules';
import { invalidFields } from '../errors';

const MAX_CANDIDATES = 20;
const MIN_SEARCH_LENGTH = 3;

interface CandidateRow {
  externalId: string;
  email: string;
  displayName: string | null;
}

const ImpersonationCandidate = builder.objectRef<CandidateRow>('ImpersonationCandidate').implement({
  description: 'A user an impersonator may act as: active and not an admin',
  fields: (t) => ({
    externalId: t.exposeString('externalId', { description: 'What x-impersonate-as carries' }),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
  }),
});

builder.queryField('impersonationCandidates', (t) =>
  t.withAuth({ impersonator: true }).field({
    type: [ImpersonationCandidate],
    description: `Users to act as, by e-mail (contains) or exact external id; at most ${MAX_CANDIDATES}. Impersonators only.`,
    args: { search: t.arg.string({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const search = args.search.trim();
      if (search.length < MIN_SEARCH_LENGTH) {
        throw invalidFields([{ path: 'search', code: 'searchTooShort', params: { min: MIN_SEARCH_LENGTH } }], IMPERSONATION_ERRORS, null);
      }
      // The same rule the x-impersonate-as check applies: active users who are not admins.
      return db
        .select({ externalId: user.externalId, email: user.email, displayName: user.displayName })
        .from(user)
        .where(
          and(
            isNull(user.adminRoleId),
            eq(user.status, 'active'),
            or(ilike(user.email, `%${escapeLike(search)}%`), eq(user.externalId, search)),
          ),
        )
        .orderBy(asc(user.email))
        .limit(MAX_CANDIDATES)
        .then((rows) => rows.filter((row) => row.externalId !== (viewer.actor ?? viewer).externalId));
    },
  }),
);
