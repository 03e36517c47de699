import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { companyTalentRoster, jobAd, jobDescription, talentJobApplication, talentProfile } from '../../db/schema';
import { mayReachTalent, type TalentLinkFacts } from '../auth/company-talent-access';
import type { Writer } from '../companies/company-rows';
import { ownedBy } from './received-applications';

/**
 * What a company has to do with a talent (issue 16): an application to one of its ads (or,
 * without an ad, its job descriptions: the received applications' own rule, ownedBy), and a
 * place on its roster. The one query behind reading a talent's documents, writing notes on
 * them and what a company sees of their profile.
 */
export async function companyTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<TalentLinkFacts> {
  const [row] = await db
    .select({
      holdsApplication: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(talentJobApplication)
        .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
        .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
        .where(and(eq(talentJobApplication.talentProfileId, talentProfileId), ownedBy(companyId)))})`,
      onRoster: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(companyTalentRoster)
        .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, talentProfileId)))})`,
    })
    .from(sql`(select 1) as link`);
  return { holdsApplication: Boolean(row?.holdsApplication), onRoster: Boolean(row?.onRoster) };
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
