import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { companyTalentRoster, jobAd, jobDescription, talentJobApplication } from '../../db/schema';
import type { Writer } from '../companies/company-rows';

/**
 * What a company has to do with a talent (issue 16): an application to one of its ads (or,
 * without an ad, its job descriptions), and a place on its roster. The one query behind
 * reading a talent's documents and writing notes on them.
 */
export async function companyTalentLink(db: Writer, companyId: string, talentProfileId: string): Promise<{ holdsApplication: boolean; onRoster: boolean }> {
  const [row] = await db
    .select({
      holdsApplication: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(talentJobApplication)
        .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
        .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
        .where(
          and(
            eq(talentJobApplication.talentProfileId, talentProfileId),
            or(eq(jobAd.publisherCompanyId, companyId), and(isNull(talentJobApplication.jobAdId), eq(jobDescription.companyId, companyId))),
          ),
        )})`,
      onRoster: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(companyTalentRoster)
        .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, talentProfileId)))})`,
    })
    .from(sql`(select 1) as link`);
  return { holdsApplication: Boolean(row?.holdsApplication), onRoster: Boolean(row?.onRoster) };
}
