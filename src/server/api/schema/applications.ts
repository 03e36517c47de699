import { and, desc, eq } from 'drizzle-orm';
import { company, companyHiringStep, jobAd, talentJobApplication } from '../../db/schema';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { openJobAd } from '../../search/open-job-ad';
import { builder } from '../builder';
import { ApiError, notFound } from '../errors';
import { isUuid } from '../../../lib/ids';

const MAX_MESSAGE_LENGTH = 5000;

interface ApplicationRow {
  id: string;
  message: string | null;
  createdAt: Date;
  jobAdId: string | null;
  jobAdTitle: string | null;
  companyName: string | null;
  isAnonymous: boolean | null;
  hiringStep: string | null;
}

const JobApplication = builder.objectRef<ApplicationRow>('JobApplication').implement({
  description: "A talent's application to a job ad",
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    jobAdId: t.exposeID('jobAdId', { nullable: true }),
    jobAdTitle: t.exposeString('jobAdTitle', { nullable: true }),
    companyName: t.string({ nullable: true, description: 'Null for an anonymous ad', resolve: (row) => (row.isAnonymous ? null : row.companyName) }),
    hiringStep: t.exposeString('hiringStep', { nullable: true, description: 'Where the company has the application (e.g. Screening)' }),
  }),
});

const applicationColumns = {
  id: talentJobApplication.id,
  message: talentJobApplication.message,
  createdAt: talentJobApplication.createdAt,
  jobAdId: talentJobApplication.jobAdId,
  jobAdTitle: jobAd.title,
  companyName: company.name,
  isAnonymous: jobAd.isAnonymous,
  hiringStep: companyHiringStep.stepName,
};

const ApplyInput = builder.inputType('ApplyToJobAdInput', {
  fields: (t) => ({
    jobAdId: t.id({ required: true }),
    message: t.string({ required: false, description: `A note to the company, at most ${MAX_MESSAGE_LENGTH} characters` }),
  }),
});

builder.mutationField('applyToJobAd', (t) =>
  t.field({
    type: JobApplication,
    description: 'Applies to an open job ad with the signed-in talent\'s profile',
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: ApplyInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const message = data.message?.trim() || null;
      if (message && message.length > MAX_MESSAGE_LENGTH) {
        throw new ApiError('BAD_USER_INPUT', `Use at most ${MAX_MESSAGE_LENGTH} characters`, { fieldErrors: [{ field: 'data.message', message: `Use at most ${MAX_MESSAGE_LENGTH} characters` }] });
      }
      const jobAdId = String(data.jobAdId);
      if (!isUuid(jobAdId)) throw notFound('This job ad');
      const profileId = await requireMyTalentProfileId(context);
      const { db } = context;
      const [ad] = await db
        .select({ id: jobAd.id, jobDescriptionId: jobAd.jobDescriptionId })
        .from(jobAd)
        .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .where(and(eq(jobAd.id, jobAdId), openJobAd(new Date())))
        .limit(1);
      if (!ad) throw new ApiError('NOT_FOUND', 'This job ad is closed or was removed', { hint: 'search for open jobs' });
      const [created] = await db
        .insert(talentJobApplication)
        .values({ jobAdId: ad.id, jobDescriptionId: ad.jobDescriptionId, talentProfileId: profileId, message })
        .onConflictDoNothing()
        .returning({ id: talentJobApplication.id });
      if (!created) throw new ApiError('CONFLICT', 'You already applied to this job', { hint: 'see your applied jobs' });
      const [row] = await db
        .select(applicationColumns)
        .from(talentJobApplication)
        .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
        .leftJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
        .where(eq(talentJobApplication.id, created.id));
      return row!;
    },
  }),
);

builder.queryField('myJobApplication', (t) =>
  t.field({
    type: JobApplication,
    nullable: true,
    description: "The signed-in talent's application to a job ad, if any",
    authScopes: { signedIn: true },
    args: { jobAdId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const jobAdId = String(args.jobAdId);
      if (!isUuid(jobAdId)) return null;
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return null;
      const [row] = await context.db
        .select(applicationColumns)
        .from(talentJobApplication)
        .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
        .leftJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
        .where(and(eq(talentJobApplication.talentProfileId, profileId), eq(talentJobApplication.jobAdId, jobAdId)))
        .orderBy(desc(talentJobApplication.createdAt))
        .limit(1);
      return row ?? null;
    },
  }),
);

