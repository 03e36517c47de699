import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { FEATURE_FLAGS } from '../../../lib/feature-flags/feature-flags';
import { RATE_INSIGHT_MIN_ADS, RATE_STANDINGS, rateInsightUnit, rateStanding, type RateInsightUnit, type RateStanding } from '../../../lib/rate-insight/rate-insight';
import { company, jobAd, talentProfile } from '../../db/schema';
import { openJobAd } from '../../job-ad-search/open-job-ad';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { requireFeatureFlag } from '../feature-flags/feature-flag-access';

// "Pay for your skills" (lib/rate-insight), behind the feature flag talent-rate-insight:
// refused with FORBIDDEN featureFlagOff to a talent who does not hold it. The ads counted
// are the open ones (search's rule: published, before their deadline, from a verified
// company) asking for at least one of the talent's skills (the GIN index on
// skills_lowercase finds them), in the talent's currency and rate unit.

interface RateInsightRow {
  currency: string | null;
  rateUnit: RateInsightUnit;
  adCount: number;
  low: string | null;
  median: string | null;
  high: string | null;
  yourRate: string | null;
  standing: RateStanding | null;
  skillCount: number;
}

const RateStandingEnum = builder.enumType('RateStanding', { description: "Where the talent's rate sits against the middle half of the ads' pay", values: RATE_STANDINGS });

const RateInsight = builder.objectRef<RateInsightRow>('RateInsight').implement({
  description: "What open job ads asking for the talent's skills pay, in the talent's currency and unit",
  fields: (t) => ({
    currency: t.exposeString('currency', { nullable: true, description: "The talent's rate currency; null when the talent gave none (nothing is compared then)" }),
    rateUnit: t.exposeString('rateUnit', { description: 'HOUR or MONTH' }),
    adCount: t.exposeInt('adCount', { description: 'Open ads asking for at least one of the skills, paying in this currency and unit' }),
    low: t.field({ type: 'Decimal', nullable: true, description: `Lower quartile of their pay (null under ${RATE_INSIGHT_MIN_ADS} ads)`, resolve: (row) => row.low }),
    median: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.median }),
    high: t.field({ type: 'Decimal', nullable: true, description: 'Upper quartile', resolve: (row) => row.high }),
    yourRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.yourRate }),
    standing: t.field({ type: RateStandingEnum, nullable: true, resolve: (row) => row.standing }),
    skillCount: t.exposeInt('skillCount', { description: 'Skills on the profile (none: nothing to compare)' }),
  }),
});

builder.queryField('myRateInsight', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RateInsight,
    description: "What open job ads asking for the signed-in talent's skills pay (feature flag talent-rate-insight: FORBIDDEN featureFlagOff without it; NOT_FOUND without a talent profile)",
    resolve: async (_root, _args, context) => {
      await requireFeatureFlag(context, FEATURE_FLAGS.talentRateInsight);
      const profileId = await requireMyTalentProfileId(context);
      const [profile] = await context.db
        .select({ skillKeys: talentProfile.skillKeys, hourlyRate: talentProfile.hourlyRate, monthlyRate: talentProfile.monthlyRate, currency: talentProfile.rateCurrency })
        .from(talentProfile)
        .where(and(eq(talentProfile.id, profileId), isNull(talentProfile.deletedAt)))
        .limit(1);
      const rateUnit = rateInsightUnit(profile!);
      const yourRate = rateUnit === 'MONTH' ? profile!.monthlyRate : profile!.hourlyRate;
      const base = { currency: profile!.currency, rateUnit, yourRate, skillCount: profile!.skillKeys.length };
      if (!profile!.currency || profile!.skillKeys.length === 0) return { ...base, adCount: 0, low: null, median: null, high: null, standing: null };
      const skills = sql`array[${sql.join(profile!.skillKeys.map((skill) => sql`${skill}`), sql`, `)}]::text[]`;
      const [figures] = await context.db
        .select({
          adCount: sql<number>`count(*)::int`,
          low: sql<string | null>`(percentile_cont(0.25) within group (order by ${jobAd.salary}))::numeric(14,2)::text`,
          median: sql<string | null>`(percentile_cont(0.5) within group (order by ${jobAd.salary}))::numeric(14,2)::text`,
          high: sql<string | null>`(percentile_cont(0.75) within group (order by ${jobAd.salary}))::numeric(14,2)::text`,
        })
        .from(jobAd)
        .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .where(and(openJobAd(new Date()), sql`${jobAd.skillsLowercase} && ${skills}`, isNotNull(jobAd.salary), eq(jobAd.salaryRateUnit, rateUnit), eq(jobAd.currency, profile!.currency)));
      const adCount = Number(figures?.adCount ?? 0);
      if (adCount < RATE_INSIGHT_MIN_ADS) return { ...base, adCount, low: null, median: null, high: null, standing: null };
      const { low, median, high } = figures!;
      return { ...base, adCount, low, median, high, standing: rateStanding(yourRate, low, high) };
    },
  }),
);
