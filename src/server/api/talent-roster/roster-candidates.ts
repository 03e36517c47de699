import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { companyTalentRoster, talentProfile } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { holdsApplicationOfRow, rosterHolds } from '../job-applications/talent-link';
import { assignedTalents } from './roster-rows';

// findManyCompanyTalentRosterCandidate: the talents a company may add to its roster by id
// (it knows them already), and the same rule when a mutation names a talent by id.

type CandidateVia = 'APPLICATION' | 'ASSIGNMENT' | 'REMOVED' | 'DECLINED';

const RosterCandidateVia = builder.enumType('RosterCandidateVia', {
  description: 'How the company knows a talent it may add to its roster',
  values: {
    APPLICATION: { description: 'Applied to one of its job ads or job descriptions (an invitation taken up included)' },
    ASSIGNMENT: { description: 'On one of its assignments (as client, provider or seller)' },
    REMOVED: { description: 'Was on its roster and was removed: adding restores the entry (accepted if she had accepted, else a new request)' },
    DECLINED: { description: "Declined the company's request: adding asks her again" },
  },
});

interface CandidateRow {
  id: string;
  name: string | null;
  jobTitle: string | null;
  via: CandidateVia;
}

const RosterCandidate = builder.objectRef<CandidateRow>('CompanyTalentRosterCandidate').implement({
  description: 'A talent the selected company knows and may add to its roster',
  fields: (t) => ({
    talentProfileId: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    via: t.field({ type: RosterCandidateVia, resolve: (row) => row.via }),
  }),
});

/** At most this many candidates are offered; the others are added by e-mail. */
export const ROSTER_CANDIDATES_LIMIT = 200;

/** Talents once on the roster and removed (`entry`: only the entries that also meet it). */
function removedTalents(db: Writer, companyId: string, entry?: SQL) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(entry, eq(companyTalentRoster.companyId, companyId), isNotNull(companyTalentRoster.deletedAt)));
}

/** Talents who declined the company's request (and are not removed). */
function declinedTalents(db: Writer, companyId: string) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, companyId), isNull(companyTalentRoster.deletedAt), eq(companyTalentRoster.consent, 'declined')));
}

/**
 * The talents the company may add by id, with how it knows each: not on its roster now
 * (mayAddAgain: removed or declined entries may be added again), profile not deleted.
 * Removed and declined entries are offered only where the company knew the talent (she had
 * accepted, or her profile is visible): a list of names must not reveal the hidden profile
 * of someone who never let the company in.
 */
export async function rosterCandidates(db: Writer, companyId: string, talentProfileId: string | null): Promise<CandidateRow[]> {
  const only = (column: typeof talentProfile.id) => (talentProfileId ? eq(column, talentProfileId) : undefined);
  const via = sql<CandidateVia>`case
    when ${talentProfile.id} in (${removedTalents(db, companyId)}) then 'REMOVED'
    when ${talentProfile.id} in (${declinedTalents(db, companyId)}) then 'DECLINED'
    when ${talentProfile.id} in (${assignedTalents(db, companyId)}) then 'ASSIGNMENT'
    else 'APPLICATION' end`;
  const onRosterNow = db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.talentProfileId, talentProfile.id), eq(companyTalentRoster.companyId, companyId), isNull(companyTalentRoster.deletedAt), ne(companyTalentRoster.consent, 'declined')));
  return db
    .select({ id: talentProfile.id, name: talentProfile.profileName, jobTitle: talentProfile.jobTitle, via })
    .from(talentProfile)
    .where(
      and(
        only(talentProfile.id),
        isNull(talentProfile.deletedAt),
        or(
          holdsApplicationOfRow(db, companyId),
          inArray(talentProfile.id, assignedTalents(db, companyId)),
          inArray(talentProfile.id, removedTalents(db, companyId, rosterHolds())),
          and(eq(talentProfile.isVisible, true), or(inArray(talentProfile.id, removedTalents(db, companyId)), inArray(talentProfile.id, declinedTalents(db, companyId)))),
        ),
        sql`not exists (${onRosterNow})`,
      ),
    )
    // Walked in name order (talent_profile_name_order_idx) until the limit: the company may
    // hold tens of thousands of applicants.
    .orderBy(sql`lower(coalesce(${talentProfile.profileName}, ''))`, asc(talentProfile.id))
    .limit(ROSTER_CANDIDATES_LIMIT);
}

builder.queryField('findManyCompanyTalentRosterCandidate', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [RosterCandidate],
    description: `Talents the selected company may add to its roster by id: applicants, talents on its assignments and removed entries, not on the roster now; at most ${ROSTER_CANDIDATES_LIMIT}, by name. Needs companyTalentRoster read and create`,
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read', 'create');
      return rosterCandidates(context.db, companyId, null);
    },
  }),
);
