import { and, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { HOLDING_CONSENTS } from '../../../lib/talent-roster/roster-consent';
import { companyTalentRoster, talentJobApplication, talentProfile } from '../../db/schema';
import { mayReachTalent, type TalentLinkFacts } from '../auth/company-talent-access';
import type { Writer } from '../../db/client';
import { ownedBy } from './received-application-rows';

type Reader = Pick<Writer, 'select'>;

/**
 * The talents of the applications a company holds: to one of its ads or, without an ad, to
 * one of its job descriptions (the received applications' own rule, ownedBy; an answer to
 * its invitation is such an application); one talent's only when `talentProfileId` is given.
 * An application she withdrew taking back its documents links nothing any more.
 * The roster's candidates read it too.
 */
export function applicantsOf(db: Reader, companyId: string, talentProfileId?: string | typeof talentProfile.id) {
  return db
    .select({ talentProfileId: talentJobApplication.talentProfileId })
    .from(talentJobApplication)
    .where(and(talentProfileId ? eq(talentJobApplication.talentProfileId, talentProfileId) : undefined, ownedBy(companyId), isNull(talentJobApplication.documentsErasedAt)));
}

/**
 * Whether the company holds an application of the talent_profile row at hand: asked row by
 * row through the talent's own applications (her index), never by gathering every applicant
 * of a company that may hold a hundred thousand applications.
 */
export function holdsApplicationOfRow(db: Reader, companyId: string): SQL {
  // A scalar subquery with LIMIT 1 stays a probe per row: PostgreSQL would hash an EXISTS
  // under an OR from every applicant of the company first.
  return sql`coalesce((${applicantsOf(db, companyId, talentProfile.id).limit(1)}) is not null, false)`;
}

/**
 * The roster entries that hold their talent: those she accepted (rosterHoldsTalent). A
 * company's request she has not answered, or declined, holds nothing: not her profile, not
 * her documents, not her ledger. Every reader of "on the roster" (the link below, her
 * balances, her employers) takes this condition; `roster` names the table where it is
 * aliased.
 */
export function rosterHolds(roster: { consent: AnyColumn } = companyTalentRoster): SQL {
  return inArray(roster.consent, [...HOLDING_CONSENTS]);
}

/**
 * The talents on a company's roster; one talent's entry only when `talentProfileId` is
 * given. A removed entry (deletedAt) is off the roster: its ledger and notes stay,
 * but it no longer links the talent to the company; nor does one she has not accepted.
 */
function rosterOf(db: Reader, companyId: string, talentProfileId?: string) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(
      and(
        eq(companyTalentRoster.companyId, companyId),
        isNull(companyTalentRoster.deletedAt),
        rosterHolds(),
        talentProfileId ? eq(companyTalentRoster.talentProfileId, talentProfileId) : undefined,
      ),
    );
}

/**
 * What a company has to do with a talent: an application to one of its ads (or,
 * without an ad, its job descriptions), and a place on its roster (not removed, accepted by
 * her). The one query behind
 * reading a talent's documents, writing notes on them and what a company sees of their
 * profile (company-talent-access.ts).
 */
export async function companyTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<TalentLinkFacts> {
  const [row] = await db
    .select({
      holdsApplication: sql<boolean>`exists (${applicantsOf(db, companyId, talentProfileId)})`,
      onRoster: sql<boolean>`exists (${rosterOf(db, companyId, talentProfileId)})`,
    })
    .from(sql`(select 1) as link`);
  return { holdsApplication: Boolean(row?.holdsApplication), onRoster: Boolean(row?.onRoster) };
}

/** The same link as a condition on talent_profile rows: the talents a company works with (roster or application). */
export function linkedToCompany(db: Reader, companyId: string): SQL {
  return or(holdsApplicationOfRow(db, companyId), inArray(talentProfile.id, rosterOf(db, companyId)))!;
}

/**
 * The link of a talent the company may reach (mayReachTalent: visible, or linked to it), or
 * null for an id that is no such talent (unknown, deleted, hidden and not linked): the
 * caller answers NOT_FOUND for all of them alike.
 */
export async function reachableTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<TalentLinkFacts | null> {
  if (!isUuid(talentProfileId)) return null;
  const [profile] = await db.select({ isVisible: talentProfile.isVisible }).from(talentProfile).where(and(eq(talentProfile.id, talentProfileId), isNull(talentProfile.deletedAt))).limit(1);
  if (!profile) return null;
  const link = await companyTalentLink(db, companyId, talentProfileId);
  return mayReachTalent(profile, link) ? link : null;
}
