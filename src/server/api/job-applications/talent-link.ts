import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { companyTalentRoster, jobAd, jobDescription, talentJobApplication, talentProfile } from '../../db/schema';
import type { Writer } from '../companies/company-rows';

type Reader = Pick<Writer, 'select'>;

/**
 * The talents of the applications a company holds: to one of its ads or, without an ad, to
 * one of its job descriptions (an answer to its invitation is such an application); one
 * talent's only when `talentProfileId` is given.
 */
function applicantsOf(db: Reader, companyId: string, talentProfileId?: string) {
  return db
    .select({ talentProfileId: talentJobApplication.talentProfileId })
    .from(talentJobApplication)
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .where(
      and(
        talentProfileId ? eq(talentJobApplication.talentProfileId, talentProfileId) : undefined,
        or(eq(jobAd.publisherCompanyId, companyId), and(isNull(talentJobApplication.jobAdId), eq(jobDescription.companyId, companyId))),
      ),
    );
}

/** The talents on a company's roster; one talent's entry only when `talentProfileId` is given. */
function rosterOf(db: Reader, companyId: string, talentProfileId?: string) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, companyId), talentProfileId ? eq(companyTalentRoster.talentProfileId, talentProfileId) : undefined));
}

/**
 * What a company has to do with a talent (issue 16): an application to one of its ads (or,
 * without an ad, its job descriptions), and a place on its roster. The one query behind
 * reading a talent's documents and writing notes on them.
 */
export async function companyTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<{ holdsApplication: boolean; onRoster: boolean }> {
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
  return or(inArray(talentProfile.id, applicantsOf(db, companyId)), inArray(talentProfile.id, rosterOf(db, companyId)))!;
}
