import { eq, inArray, sql } from 'drizzle-orm';
import { periodValue } from '../../../lib/billing/billing-period';
import type { NotificationFacts } from '../../../lib/notifications/notification-text';
import type { AppDatabase } from '../../db/client';
import { billing, company, generalEventslog, jobAd, jobAssignment, jobDescription, talentInvitation, talentJobApplication, talentProfile } from '../../db/schema';

type Reader = Pick<AppDatabase, 'select'>;
export type EventRow = typeof generalEventslog.$inferSelect;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** A talent's own act that her company readers hear of: a message she wrote, an interview she booked, moved, cancelled or asked other times for. */
const actedAsTalent = (row: EventRow) =>
  (row.type === 'message.create' && row.eventData.fromCompany === false) || (row.type.startsWith('interview.') && row.eventData.side === 'talent') || isWithdrawal(row);
/** A talent withdrew her application: the company's copy names her. */
const isWithdrawal = (row: EventRow) => row.type === 'talentJobApplication.update' && row.eventData.action === 'withdraw';

/** Ids of one kind of row, from the events of the given types. */
function entityIds(rows: readonly EventRow[], subject: string): string[] {
  return [...new Set(rows.filter((row) => row.type.startsWith(`${subject}.`)).flatMap((row) => text(row.eventData.entityId) ?? []))];
}

const roleTitle = sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})`;

/** id → the title of the job ad, else the job description, of applications or invitations, whether the ad hides its company, and its language. */
function roleTitles(db: Reader, rows: typeof talentJobApplication | typeof talentInvitation, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: rows.id, title: roleTitle, hidden: sql<boolean>`coalesce(${jobAd.isAnonymous}, false)`, language: jobAd.language })
    .from(rows)
    .leftJoin(jobAd, eq(jobAd.id, rows.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, rows.jobDescriptionId))
    .where(inArray(rows.id, ids));
}

/** id → the job's title, for applications, invitations and assignments (deleted rows keep theirs), whether its ad hides the company, and the ad's language. */
async function titlesOf(db: Reader, rows: readonly EventRow[]): Promise<Map<string, { title: string | null; hidden: boolean; language: string | null }>> {
  // A message's thread is about an application, an invitation or an assignment (eventData.jobApplicationId, talentInvitationId, jobAssignmentId).
  const messages = rows.filter((row) => row.type === 'message.create');
  const assignments = [...new Set([...entityIds(rows, 'jobAssignment'), ...messages.flatMap((row) => text(row.eventData.jobAssignmentId) ?? [])])];
  // An interview names the job of its application (eventData.jobApplicationId) too.
  const messageApplications = rows.filter((row) => row.type === 'message.create' || row.type.startsWith('interview.')).flatMap((row) => text(row.eventData.jobApplicationId) ?? []);
  const messageInvitations = messages.flatMap((row) => text(row.eventData.talentInvitationId) ?? []);
  const [a, i, j] = await Promise.all([
    roleTitles(db, talentJobApplication, [...new Set([...entityIds(rows, 'talentJobApplication'), ...entityIds(rows, 'talentJobApplicationStatus'), ...messageApplications])]),
    roleTitles(db, talentInvitation, [...new Set([...entityIds(rows, 'talentInvitation'), ...messageInvitations])]),
    assignments.length
      ? db
          .select({ id: jobAssignment.id, title: jobDescription.title, hidden: sql<boolean>`false`, language: sql<string | null>`null` })
          .from(jobAssignment)
          .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
          .where(inArray(jobAssignment.id, assignments))
      : [],
  ]);
  return new Map([...a, ...i, ...j].map((row) => [row.id, { title: row.title, hidden: row.hidden, language: row.language }]));
}

/**
 * The facts a sentence needs for each event, in order: what the event's data says (step,
 * group, reason, status) and the names of what it points at, read in one query per kind
 * of row (a page of notifications costs a handful of queries, whatever its length).
 */
export async function notificationFactsOf(db: Reader, rows: readonly EventRow[]): Promise<NotificationFacts[]> {
  if (!rows.length) return [];
  // A company link's event names two companies: the addressee's (companyId) and the partner.
  const companyIds = [...new Set(rows.flatMap((row) => [text(row.eventData.companyId), text(row.eventData.partnerCompanyId)].flatMap((id) => id ?? [])))];
  const billingIds = entityIds(rows, 'billing');
  // A talent's message as her company readers hear of it names her.
  const talentIds = [...new Set(rows.filter((row) => actedAsTalent(row)).flatMap((row) => text(row.eventData.talentProfileId) ?? []))];
  const [companies, billings, titles, talents] = await Promise.all([
    companyIds.length ? db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, companyIds)) : [],
    billingIds.length ? db.select({ id: billing.id, year: billing.year, month: billing.month }).from(billing).where(inArray(billing.id, billingIds)) : [],
    titlesOf(db, rows),
    talentIds.length ? db.select({ id: talentProfile.id, name: talentProfile.profileName }).from(talentProfile).where(inArray(talentProfile.id, talentIds)) : [],
  ]);
  const talentName = new Map(talents.map((row) => [row.id, row.name]));
  const companyName = new Map(companies.map((row) => [row.id, row.name]));
  const period = new Map(billings.map((row) => [row.id, periodValue(row)]));
  return rows.map((row) => {
    const data = row.eventData;
    const after = record(data.after);
    const entityId = text(data.entityId);
    const companyId = text(data.companyId);
    const isBilling = row.type.startsWith('billing.');
    const isRoster = row.type.startsWith('companyTalentRoster.');
    const isCompanyReview = row.type === 'company.update' && data.admin === true;
    // The platform's review of a talent's bank details (billing/payment-profile-review.ts).
    const isPaymentProfileReview = row.type === 'talentProfile.update' && data.admin === true && typeof data.paymentProfileId === 'string';
    const isLink = row.type.startsWith('companyOnProviderCompany.');
    const partnerId = isLink ? text(data.partnerCompanyId) : null;
    const isMessage = row.type === 'message.create';
    // A message names the job of the application, invitation or assignment its thread is about.
    const isInterview = row.type.startsWith('interview.');
    const job = isMessage || isInterview ? titles.get(text(data.jobApplicationId) ?? text(data.talentInvitationId) ?? text(data.jobAssignmentId) ?? '') : entityId ? titles.get(entityId) : undefined;
    const fromCompany = isMessage ? data.fromCompany === true : null;
    return {
      type: row.type,
      entityId,
      companyId,
      // A company's message about an ad that does not disclose the company does not name it to the talent.
      companyName: companyId && !(fromCompany && job?.hidden) ? (companyName.get(companyId) ?? null) : null,
      title: job?.title ?? null,
      jobLanguage: job?.language ?? null,
      step: text(data.toStep),
      stepGroup: text(data.group),
      talentStatus: text(data.talentStatus),
      reason: isBilling || isCompanyReview ? text(after.rejectionReason) : text(data.reason),
      status: isBilling || isLink ? text(after.status) : isRoster ? text(after.consent) : null,
      billingPeriod: isBilling && entityId ? (period.get(entityId) ?? null) : null,
      invoiceNumber: isBilling ? text(after.invoiceNumber) : null,
      document: row.type === 'talentDocument.read' ? text(data.slot) : null,
      action: isCompanyReview || isPaymentProfileReview || isInterview || isWithdrawal(row) || row.type === 'talentPoolConsent.update' ? text(data.action) : null,
      invitation: (row.type === 'companyOnUser.create' || row.type === 'companyOnProviderCompany.create') && data.invitation === true,
      // A member invitation names the role offered and who sent it (they may leave; the words stay).
      role: row.type === 'companyOnUser.create' ? text(after.roleName) : null,
      inviter: row.type === 'companyOnUser.create' || isLink ? text(data.inviterName) : null,
      partner: partnerId ? (companyName.get(partnerId) ?? null) : null,
      relation: isLink ? text(data.relation) : null,
      threadId: isMessage ? text(data.threadId) : null,
      fromCompany,
      talentName: actedAsTalent(row) ? (talentName.get(text(data.talentProfileId) ?? '') ?? null) : null,
      jobApplicationId: isInterview ? text(data.jobApplicationId) : null,
    };
  });
}
