import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import { isHttpUrl } from '../../../lib/talent/talent-profile-input';
import { talentProfile, user } from '../../db/schema';
import { mayReachTalent, showsContactDetails } from '../auth/company-talent-access';
import { recordEvent } from '../record-event';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { notFound } from '../errors';
import { ApplicantDocumentRef, applicantDocumentsOf } from '../job-applications/applicant-documents';
import { companyTalentLink } from '../job-applications/talent-link';
import { entriesOfTalent, SavedTalent } from '../saved-talents/saved-talents';
import type { TalentProfileRow } from '../talent/talents';

// A talent's profile as a company sees it (shown on /company/talent-search
// ?profile=<id>): the profile summary, the company's lists holding the talent, and contact
// details only once the talent has applied to the company or accepted one of its
// invitations (showsContactDetails). A profile the company may not reach (mayReachTalent:
// hidden and not linked to it), deleted or unknown is NOT_FOUND alike.

interface Contact {
  email: string | null;
  phoneNumber: string | null;
  documents: ReturnType<typeof applicantDocumentsOf>;
}

type CompanyTalentProfileRow = TalentProfileRow & {
  contact: Contact | null;
  savedIn: Awaited<ReturnType<typeof entriesOfTalent>>;
};

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
    id: t.exposeID('id'),
    profileName: t.exposeString('profileName', { nullable: true }),
    profilePicture: t.field({ type: 'JSON', nullable: true, description: 'url and optimizedUrl (public addresses)', resolve: (row) => row.profilePicture }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    isInterestedInRelocation: t.exposeBoolean('isInterestedInRelocation'),
    interestedToRelocateTo: t.exposeStringList('interestedToRelocateTo'),
    workMode: t.exposeString('workMode', { nullable: true }),
    assignmentType: t.exposeString('assignmentType', { nullable: true }),
    isAvailableForHire: t.exposeBoolean('isAvailableForHire'),
    availabilityMode: t.exposeString('availabilityMode', { nullable: true }),
    hourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.hourlyRate }),
    monthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.monthlyRate }),
    targetHourlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.targetHourlyRate }),
    targetMonthlyRate: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.targetMonthlyRate }),
    rateCurrency: t.exposeString('rateCurrency', { nullable: true }),
    totalExperience: t.exposeInt('totalExperience', { nullable: true, description: 'Years' }),
    description: t.exposeString('description', { nullable: true }),
    skills: t.field({ type: 'JSON', description: 'name, level, years', resolve: (row) => row.skills }),
    languages: t.field({ type: 'JSON', description: 'language, level', resolve: (row) => row.languages }),
    experience: t.field({ type: 'JSON', resolve: (row) => row.experience }),
    education: t.field({ type: 'JSON', resolve: (row) => row.education }),
    certification: t.field({ type: 'JSON', resolve: (row) => row.certification }),
    links: t.field({ type: 'JSON', description: 'Web links (http and https) only', resolve: (row) => row.links.filter((link) => typeof link?.url === 'string' && isHttpUrl(link.url)) }),
    isVerified: t.boolean({ resolve: (row) => row.verificationStatus === 'verified' }),
    isVisible: t.exposeBoolean('isVisible', { description: 'False when the talent hid the profile from search (the company reaches it through an application or its roster)' }),
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
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentProfile,
    description: 'A talent profile as the selected company sees it; needs talentProfile read. NOT_FOUND unless the profile is visible or linked to the company (an application it holds, its roster)',
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
      return {
        ...found.profile,
        contact: showsContactDetails(link) ? { email: found.profile.email, phoneNumber: found.phoneNumber, documents: applicantDocumentsOf(found.profile) } : null,
        savedIn: can(permissions, 'companySavedTalent', 'read') ? await entriesOfTalent(context.db, companyId, id) : [],
      };
    },
  }),
);

builder.queryField('findAdminTalentProfile', (t) =>
  t.withAuth({ adminPermission: ['moderation', 'support', 'verification'] }).field({
    type: CompanyTalentProfile,
    description:
      "A talent profile for the platform's admins, hidden ones included: the summary and, as contact, the e-mail address only (no phone number, no documents: docs/personal-data.md). Each opening records talentProfile.read addressed to the talent. A deleted or unknown profile is NOT_FOUND",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('The talent');
      const [found] = await context.db
        .select({ profile: talentProfile, accountEmail: user.email })
        .from(talentProfile)
        .leftJoin(user, eq(user.id, talentProfile.userId))
        .where(and(eq(talentProfile.id, id), isNull(talentProfile.deletedAt)))
        .limit(1);
      if (!found) throw notFound('The talent');
      // Reading a profile the talent may have hidden is personal data reaching the platform: on the record.
      await recordEvent(context.db, viewer, { type: 'talentProfile.read', toId: found.profile.userId, data: { entityId: id, admin: true, isVisible: found.profile.isVisible } });
      return { ...found.profile, contact: { email: found.profile.email ?? found.accountEmail, phoneNumber: null, documents: [] }, savedIn: [] };
    },
  }),
);
