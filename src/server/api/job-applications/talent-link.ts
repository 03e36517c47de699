import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { companyTalentRoster, jobAd, jobDescription, talentJobApplication } from '../../db/schema';
import type { Writer } from '../companies/company-rows';

/**
 * The talents who applied to the company: to one of its ads or, without an ad, one of its
 * job descriptions (an invitation the talent took up is such an application). `talent`
 * narrows it to one talent. The talent ids are in `talentProfileId`.
 */
export function companyApplicants(db: Writer, companyId: string, talent?: SQL) {
  return db
    .select({ talentProfileId: talentJobApplication.talentProfileId })
    .from(talentJobApplication)
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .where(and(talent, or(eq(jobAd.publisherCompanyId, companyId), and(isNull(talentJobApplication.jobAdId), eq(jobDescription.companyId, companyId)))));
}

/**
 * What a company has to do with a talent (issue 16): an application to one of its ads (or,
 * without an ad, its job descriptions), and a place on its roster (not removed). The one
 * query behind reading a talent's documents and writing notes on them.
 */
export async function companyTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<{ holdsApplication: boolean; onRoster: boolean }> {
  const [row] = await db
    .select({
      holdsApplication: sql<boolean>`exists (${companyApplicants(db, companyId, eq(talentJobApplication.talentProfileId, talentProfileId))})`,
      onRoster: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(companyTalentRoster)
        .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, talentProfileId), isNull(companyTalentRoster.deletedAt)))})`,
    })
    .from(sql`(select 1) as link`);
  return { holdsApplication: Boolean(row?.holdsApplication), onRoster: Boolean(row?.onRoster) };
}
