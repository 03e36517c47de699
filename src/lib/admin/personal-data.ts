// What deleting a user erases and what the law makes us keep (written down in
// docs/personal-data.md, which names these lists). The API's erasure
// (src/server/api/account/user-erasure.ts) applies exactly these values, so the two cannot
// drift: a field added to the profile must be placed in one of the lists (a unit test
// counts them against the columns the erasure writes).

/** The address a deleted user's row carries instead of theirs (unique, never deliverable). */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@users.invalid`;
}

/** The user row's personal fields, as erasure leaves them. */
export function erasedUserFields(userId: string) {
  return {
    email: erasedEmail(userId),
    displayName: null,
    phoneNumber: null,
    redirect: null,
    preferences: {},
    lastVisit: null,
  } as const;
}

/**
 * The talent profile as erasure leaves it: hidden, out of every search, marked deleted,
 * every field that describes the person emptied. The row itself stays as the tombstone
 * applications, assignments, billings and invoices point at.
 */
export const ERASED_TALENT_PROFILE = {
  externalUserId: null,
  email: null,
  profileName: null,
  identificationToken: null,
  profilePicture: null,
  jobTitle: null,
  totalExperience: null,
  description: null,
  isVisible: false,
  isAvailableForHire: false,
  workMode: null,
  availabilityMode: null,
  assignmentType: null,
  location: null,
  interestedToRelocateTo: [] as string[],
  hourlyRate: null,
  monthlyRate: null,
  targetHourlyRate: null,
  targetMonthlyRate: null,
  rateCurrency: null,
  isInterestedInRelocation: false,
  skills: [] as never[],
  links: [] as never[],
  languages: [] as never[],
  resume: null,
  pdf: null,
  cv: null,
  experience: [] as never[],
  certification: [] as never[],
  education: [] as never[],
  verificationStatus: 'deleted',
  personalizedJobsFoundAt: null,
} as const;

/** The profile fields that hold an uploaded file, deleted from storage once erasure commits. */
export const TALENT_PROFILE_FILE_FIELDS = ['profilePicture', 'resume', 'pdf', 'cv'] as const;

/** An application keeps its place in the company's pipeline (a tombstone), not what the talent wrote. */
export const ERASED_APPLICATION = { message: null, details: {} } as const;

/**
 * Rows about the person that go entirely: their choices and lists (notification
 * preferences, browsers subscribed to their pushes, feature flags, saved job ads, job alerts), their payment profile (bank details), their
 * company memberships and open member invitations to their address, company notes and
 * shortlist entries about their profile, and their sign-in account at the built-in
 * identity provider (e-mail, name, password hash).
 */
export const ERASED_ROWS = [
  'user_notification_preferences',
  'web_push_subscription',
  'user_feature_flag',
  'saved_job_ad',
  'talent_payment_profile',
  'company_on_user',
  'company_member_invitation',
  'company_talent_note',
  'company_saved_talent',
  'identity_account',
] as const;

/**
 * What stays, because the law requires it (bookkeeping and tax retention) or because it
 * holds no personal data once the rows above are anonymised: billings, their lines and
 * attachments, invoices (with the parties as they were when issued) and the invoice details
 * companies issue them from, balance transactions,
 * roster entries, job assignments, applications and invitations (tombstones pointing at the
 * emptied profile), and the event log (ids and the names of changed fields, never values).
 */
export const KEPT_ROWS = [
  'billing',
  'billing_line_item',
  'invoice',
  'company_invoice_detail',
  'talent_balance_transaction',
  'company_talent_roster',
  'job_assignment',
  'talent_job_application',
  'talent_invitation',
  'general_eventslog',
] as const;
