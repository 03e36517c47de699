import { and, eq, isNull } from 'drizzle-orm';
import { computeProfileScore } from '../../../lib/profile/profile-score';
import type { AppDatabase } from '../../db/client';
import { talentProfile } from '../../db/schema';
import { builder } from '../builder';

export type TalentProfileRow = typeof talentProfile.$inferSelect;

const ScoreItems = builder.objectRef<ReturnType<typeof computeProfileScore>['scoreItems']>('ScoreItems').implement({
  description: 'Which parts of the profile earn their profile-score points',
  fields: (t) => ({
    profilePicture: t.exposeBoolean('profilePicture'),
    profileName: t.exposeBoolean('profileName'),
    jobTitle: t.exposeBoolean('jobTitle'),
    totalExperience: t.exposeBoolean('totalExperience'),
    descriptionLong: t.exposeBoolean('descriptionLong'),
    location: t.exposeBoolean('location'),
    rate: t.exposeBoolean('rate'),
    skills: t.exposeBoolean('skills'),
    languages: t.exposeBoolean('languages'),
    experience: t.exposeBoolean('experience'),
    education: t.exposeBoolean('education'),
  }),
});

export const TalentProfile = builder.objectRef<TalentProfileRow>('TalentProfile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { nullable: true }),
    profileName: t.exposeString('profileName', { nullable: true }),
    profilePicture: t.field({ type: 'JSON', nullable: true, resolve: (row) => row.profilePicture }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    totalExperience: t.exposeInt('totalExperience', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    isVisible: t.exposeBoolean('isVisible'),
    isAvailableForHire: t.exposeBoolean('isAvailableForHire'),
    workMode: t.exposeString('workMode', { nullable: true }),
    availabilityMode: t.exposeString('availabilityMode', { nullable: true }),
    assignmentType: t.exposeString('assignmentType', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    interestedToRelocateTo: t.exposeStringList('interestedToRelocateTo'),
    isInterestedInRelocation: t.exposeBoolean('isInterestedInRelocation'),
    hourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.hourlyRate }),
    monthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.monthlyRate }),
    targetHourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.targetHourlyRate }),
    targetMonthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.targetMonthlyRate }),
    rateCurrency: t.exposeString('rateCurrency', { nullable: true }),
    skills: t.field({ type: 'JSON', resolve: (row) => row.skills }),
    links: t.field({ type: 'JSON', resolve: (row) => row.links }),
    languages: t.field({ type: 'JSON', resolve: (row) => row.languages }),
    experience: t.field({ type: 'JSON', resolve: (row) => row.experience }),
    certification: t.field({ type: 'JSON', resolve: (row) => row.certification }),
    education: t.field({ type: 'JSON', resolve: (row) => row.education }),
    verificationStatus: t.exposeString('verificationStatus'),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    profileScore: t.int({
      description: 'Profile score 0-100',
      resolve: (row) => computeProfileScore(row).profileScore,
    }),
    scoreItems: t.field({ type: ScoreItems, resolve: (row) => computeProfileScore(row).scoreItems }),
  }),
});

/** The signed-in user's own profile (soft-deleted profiles do not count), or null. */
export async function findOwnTalentProfile(db: AppDatabase, userId: string): Promise<TalentProfileRow | null> {
  const [row] = await db
    .select()
    .from(talentProfile)
    .where(and(eq(talentProfile.userId, userId), isNull(talentProfile.deletedAt)))
    .limit(1);
  return row ?? null;
}

builder.queryField('findMyTalentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    nullable: true,
    description: "The signed-in user's talent profile, or null before one is created",
    resolve: (_root, _args, { db, viewer }) => findOwnTalentProfile(db, viewer.userId),
  }),
);
