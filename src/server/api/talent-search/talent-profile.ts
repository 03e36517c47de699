import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import { isHttpUrl } from '../../../lib/talent/talent-profile-input';
import { talentProfile, user } from '../../db/schema';
import { mayReachTalent, showsContactDetails } from '../auth/company-talent-access';
import { builder } from '../builder';
import { requireCompanyPermission } from '../companies/company-access';
import { notFound } from '../errors';
import { ApplicantDocumentRef, applicantDocumentsOf } from '../job-applications/received-applications';
import { companyTalentLink } from '../job-applications/talent-link';
import { entriesOfTalent, SavedTalent } from '../saved-talents/saved-talents';
import type { TalentProfileRow } from '../schema/talents';

// A talent's profile as a company sees it (issue 17 item 2; shown on /company/talent-search
// ?profile=<id>): the profile summary, the company's lists holding the talent, and contact
// details only once the talent has applied to the company or accepted one of its
// invitations (showsContactDetails). A profile the company may not reach (mayReachTalent:
// hidden and not linked to it), deleted or unknown is NOT_FOUND alike.

type ProfileRow = TalentProfileRow & { phoneNumber: string | null };

interface Contact {
  email: string | null;
  phoneNumber: string | null;
  documents: ReturnType<typeof applicantDocumentsOf>;
}

interface CompanyTalentProfileRow {
  profile: ProfileRow;
  contact: Contact | null;
  savedIn: Awaited<ReturnType<typeof entriesOfTalent>>;
}

const TalentContact = builder.objectRef<Contact>('TalentContact').implement({
  description: "A talent's contact details, for a company the talent applied to (or whose invitation they accepted)",
  fields: (t) => ({
    email: t.exposeString('email', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true, description: "The account's phone number, E.164, when the talent gave one" }),
    documents: t.field({ type: [ApplicantDocumentRef], description: 'CV, resume and PDF; each url downloads it (recorded as talentDocument.read)', resolve: (contact) => contact.documents }),
  }),
});

const CompanyTalentProfile = builder.objectRef<CompanyTalentProfileRow>('CompanyTalentProfile').implement({
  description: "A talent's profile as the selected company sees it: the summary, its lists holding the talent, contact details once the talent applied to it",
  fields: (t) => ({
    id: t.id({ resolve: ({ profile }) => profile.id }),
    profileName: t.string({ nullable: true, resolve: ({ profile }) => profile.profileName }),
    profilePicture: t.field({ type: 'JSON', nullable: true, description: 'url and optimizedUrl (public addresses)', resolve: ({ profile }) => profile.profilePicture }),
    jobTitle: t.string({ nullable: true, resolve: ({ profile }) => profile.jobTitle }),
    location: t.string({ nullable: true, resolve: ({ profile }) => profile.location }),
    isInterestedInRelocation: t.boolean({ resolve: ({ profile }) => profile.isInterestedInRelocation }),
    interestedToRelocateTo: t.stringList({ resolve: ({ profile }) => profile.interestedToRelocateTo }),
    workMode: t.string({ nullable: true, resolve: ({ profile }) => profile.workMode }),
    assignmentType: t.string({ nullable: true, resolve: ({ profile }) => profile.assignmentType }),
    isAvailableForHire: t.boolean({ resolve: ({ profile }) => profile.isAvailableForHire }),
    availabilityMode: t.string({ nullable: true, resolve: ({ profile }) => profile.availabilityMode }),
    hourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: ({ profile }) => profile.hourlyRate }),
    monthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: ({ profile }) => profile.monthlyRate }),
    targetHourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: ({ profile }) => profile.targetHourlyRate }),
    targetMonthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: ({ profile }) => profile.targetMonthlyRate }),
    rateCurrency: t.string({ nullable: true, resolve: ({ profile }) => profile.rateCurrency }),
    totalExperience: t.int({ nullable: true, description: 'Years', resolve: ({ profile }) => profile.totalExperience }),
    description: t.string({ nullable: true, resolve: ({ profile }) => profile.description }),
    skills: t.field({ type: 'JSON', description: 'name, level, years', resolve: ({ profile }) => profile.skills }),
    languages: t.field({ type: 'JSON', description: 'language, level', resolve: ({ profile }) => profile.languages }),
    experience: t.field({ type: 'JSON', resolve: ({ profile }) => profile.experience }),
    education: t.field({ type: 'JSON', resolve: ({ profile }) => profile.education }),
    certification: t.field({ type: 'JSON', resolve: ({ profile }) => profile.certification }),
    links: t.field({ type: 'JSON', description: 'Web links (http and https) only', resolve: ({ profile }) => profile.links.filter((link) => typeof link?.url === 'string' && isHttpUrl(link.url)) }),
    isVerified: t.boolean({ resolve: ({ profile }) => profile.verificationStatus === 'verified' }),
    isVisible: t.boolean({ description: 'False when the talent hid the profile from search (the company reaches it through an application or its roster)', resolve: ({ profile }) => profile.isVisible }),
    contact: t.field({
      type: TalentContact,
      nullable: true,
      description: 'Null until the talent applies to one of the company\'s job ads or job descriptions or accepts one of its invitations',
      resolve: (row) => row.contact,
    }),
    savedIn: t.field({ type: [SavedTalent], description: "The company's lists holding the talent, by name (empty without companySavedTalent read)", resolve: (row) => row.savedIn }),
  }),
});

builder.queryField('findTalentProfile', (t) =>
  t.field({
    type: CompanyTalentProfile,
    description: 'A talent profile as the selected company sees it; needs talentProfile read. NOT_FOUND unless the profile is visible or linked to the company (an application it holds, its roster)',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, permissions } = requireCompanyPermission(context, 'talentProfile', 'read');
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('The talent');
      const [found] = await context.db
        .select({ profile: talentProfile, phoneNumber: user.phoneNumber })
        .from(talentProfile)
        .leftJoin(user, eq(user.id, talentProfile.userId))
        .where(and(eq(talentProfile.id, id), isNull(talentProfile.deletedAt)))
        .limit(1);
      if (!found) throw notFound('The talent');
      const link = await companyTalentLink(context.db, companyId, id);
      if (!mayReachTalent(found.profile, link)) throw notFound('The talent');
      const profile: ProfileRow = { ...found.profile, phoneNumber: found.phoneNumber };
      return {
        profile,
        contact: showsContactDetails(link) ? { email: profile.email, phoneNumber: profile.phoneNumber, documents: applicantDocumentsOf(profile) } : null,
        savedIn: can(permissions, 'companySavedTalent', 'read') ? await entriesOfTalent(context.db, companyId, id) : [],
      };
    },
  }),
);
