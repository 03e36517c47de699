import { formatPeriod, parsePeriodValue } from '../billing/billing-period';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { buildRoute } from '../routes/build-route';
import { pathInLanguage } from '../i18n/language-path';
import { applicationHref } from '../talent-jobs/application-link';
import type { PushMessage } from './push-subscription';
import { POOL_CONSENT_ANCHOR } from '../talent-pools/pool-consent';

// One notification in words: the sentence the bell's list shows and the e-mail
// says, and the page it leads to. The words are in the locale files
// (notifications.sentences.*), one sentence per kind of event; the names in it (company,
// job, step, billing month) come from the event's data and the rows it points at.

/** What the API tells of one event: its type and the names the sentence needs. */
export interface NotificationFacts {
  type: string;
  entityId: string | null;
  companyId: string | null;
  companyName: string | null;
  /** The job: of the application, the invitation or the assignment. */
  title: string | null;
  /** The language its job ad is written in (the spec's job_ad.language), when the event is about an ad. */
  jobLanguage?: string | null;
  /** The hiring step an application moved to, and its group (REJECTED, HIRED...). */
  step: string | null;
  stepGroup: string | null;
  /** Why: the rejection reason of an application or a billing. */
  reason: string | null;
  /** The status an application's talent is shown now (lib/job-applications/talent-status.ts). */
  talentStatus?: string | null;
  /** The status a billing moved to; for a roster entry, the talent's consent (requested: a company's request). */
  status: string | null;
  /** The billing's month, "2026-03". */
  billingPeriod: string | null;
  invoiceNumber: string | null;
  /** Which document a company downloaded: cv, resume, pdf. */
  document: string | null;
  /** An admin's review action on a company (verify, reject...) or a talent's bank details (paymentProfileVerify, paymentProfileRefuse); null for other events. */
  action?: string | null;
  /** A company member invitation (to an address, registered or not). */
  invitation?: boolean;
  /** A member invitation's role and the name of who sent it. */
  role?: string | null;
  inviter?: string | null;
  /** A company link's other company: the one that proposed, answered or ended it. */
  partner?: string | null;
  /** A proposed link as the addressee's company reads it: PROVIDES_TO_US (the partner provides talents to it) or WE_PROVIDE_TO. */
  relation?: string | null;
  /** A message's thread: where it is read and answered. */
  threadId?: string | null;
  /** A message written for the company (to the talent), or by the talent (a member's copy); null for other events. */
  fromCompany?: boolean | null;
  /** The talent who wrote a message, or booked, moved or cancelled an interview, as her company readers hear of it. */
  talentName?: string | null;
  /** The application an interview is for: the company's side reads it there. */
  jobApplicationId?: string | null;
  /**
   * The mail's link when it is not the notification's page: a member invitation's
   * single-use link (a path with its token, kept in memory only, never in the log).
   */
  link?: string | null;
}

/** The kinds that are e-mailed; each has a subject of its own. */
export const MAILED_KINDS = [
  'messageReceived',
  'messageFromTalent',
  'applicationMoved',
  'applicationHired',
  'applicationRejected',
  'applicationWithdrawn',
  'applicationStatusApplied',
  'applicationStatusInReview',
  'applicationStatusInterview',
  'applicationStatusOffer',
  'applicationStatusHired',
  'applicationStatusNotSelected',
  'applicationStatusWithdrawn',
  'invitationReceived',
  'invitationWithdrawn',
  'billingApproved',
  'billingRejected',
  'billingInvoiced',
  'billingPaid',
  'companyVerified',
  'companyRejected',
  'memberAdded',
  'memberInvited',
  'memberRemoved',
  'linkProposedAsProvider',
  'linkProposedAsClient',
  'linkInvited',
  'bankDetailsVerified',
  'bankDetailsRefused',
  'interviewProposed',
  'poolConsentRequested',
] as const;

/** Every kind of sentence: the mailed ones and those the bell alone shows. */
export const NOTIFICATION_KINDS = [
  ...MAILED_KINDS,
  'billingUpdated',
  'assignmentCreated',
  'assignmentUpdated',
  'assignmentDeleted',
  'rosterRequested',
  'rosterAdded',
  'rosterUpdated',
  'rosterRemoved',
  'documentRead',
  'linkAccepted',
  'linkDeclined',
  'linkEnded',
  'interviewBooked',
  'interviewMoved',
  'interviewCancelled',
  'interviewOtherTimes',
  'applicationWithdrawnByTalent',
  'poolConsentRenewal',
  'other',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const APPLICATION_BY_GROUP: Readonly<Record<string, NotificationKind>> = { HIRED: 'applicationHired', REJECTED: 'applicationRejected', WITHDRAWN: 'applicationWithdrawn' };
/** A move as its talent is told of it once the company's delay is over: by the public status, never the step. */
const APPLICATION_BY_TALENT_STATUS: Readonly<Record<string, NotificationKind>> = {
  APPLIED: 'applicationStatusApplied',
  IN_REVIEW: 'applicationStatusInReview',
  INTERVIEW: 'applicationStatusInterview',
  OFFER: 'applicationStatusOffer',
  HIRED: 'applicationStatusHired',
  NOT_SELECTED: 'applicationStatusNotSelected',
  WITHDRAWN: 'applicationStatusWithdrawn',
};
const BILLING_BY_STATUS: Readonly<Record<string, NotificationKind>> = { APPROVED: 'billingApproved', REJECTED: 'billingRejected', INVOICED: 'billingInvoiced', PAID: 'billingPaid' };
const BY_TYPE: Readonly<Record<string, NotificationKind>> = {
  'talentInvitation.create': 'invitationReceived',
  'talentInvitation.delete': 'invitationWithdrawn',
  'jobAssignment.create': 'assignmentCreated',
  'jobAssignment.update': 'assignmentUpdated',
  'jobAssignment.delete': 'assignmentDeleted',
  'companyTalentRoster.create': 'rosterAdded',
  'companyTalentRoster.update': 'rosterUpdated',
  'companyTalentRoster.delete': 'rosterRemoved',
  'talentDocument.read': 'documentRead',
  'message.create': 'messageReceived',
  'talentPoolConsent.create': 'poolConsentRequested',
  'companyOnUser.delete': 'memberRemoved',
};

const COMPANY_BY_ACTION: Readonly<Record<string, NotificationKind>> = { verify: 'companyVerified', reject: 'companyRejected' };
const PAYMENT_PROFILE_BY_ACTION: Readonly<Record<string, NotificationKind>> = { paymentProfileVerify: 'bankDetailsVerified', paymentProfileRefuse: 'bankDetailsRefused' };
const INTERVIEW_BY_ACTION: Readonly<Record<string, NotificationKind>> = { propose: 'interviewProposed', book: 'interviewBooked', reschedule: 'interviewMoved', cancel: 'interviewCancelled', otherTimes: 'interviewOtherTimes' };
const LINK_BY_STATUS: Readonly<Record<string, NotificationKind>> = { accepted: 'linkAccepted', declined: 'linkDeclined', ended: 'linkEnded' };

/** A company link's event: proposed (by what the partner would be), an address invited, or the state it moved to. */
function linkKind(facts: Pick<NotificationFacts, 'type' | 'status' | 'invitation' | 'relation'>): NotificationKind {
  if (facts.type === 'companyOnProviderCompany.create') {
    if (facts.invitation) return 'linkInvited';
    return facts.relation === 'PROVIDES_TO_US' ? 'linkProposedAsProvider' : 'linkProposedAsClient';
  }
  return LINK_BY_STATUS[facts.status ?? ''] ?? 'other';
}

/**
 * A company asking to hold the talent on its roster, which waits for her answer; an entry
 * made accepted (the payment of a billing she sent) or restored accepted is an addition.
 */
const isRosterRequest = (facts: Pick<NotificationFacts, 'type' | 'status'>) => facts.type === 'companyTalentRoster.create' && facts.status === 'requested';

/** Which sentence an event gets: by type, an application by the step's group, a billing by its new status, a company by the admin's action. */
export function notificationKind(facts: Pick<NotificationFacts, 'type' | 'stepGroup' | 'status' | 'action' | 'invitation' | 'relation' | 'fromCompany' | 'talentStatus'>): NotificationKind {
  if (facts.type.startsWith('companyOnProviderCompany.')) return linkKind(facts);
  if (facts.type === 'message.create' && facts.fromCompany === false) return 'messageFromTalent';
  if (facts.type === 'interview.create') return 'interviewProposed';
  if (facts.type === 'interview.update') return INTERVIEW_BY_ACTION[facts.action ?? ''] ?? 'other';
  if (facts.type === 'talentJobApplicationStatus.create') return APPLICATION_BY_TALENT_STATUS[facts.talentStatus ?? ''] ?? 'other';
  if (facts.type === 'talentJobApplication.update' && facts.action === 'withdraw') return 'applicationWithdrawnByTalent';
  if (facts.type === 'talentJobApplication.update') return APPLICATION_BY_GROUP[facts.stepGroup ?? ''] ?? 'applicationMoved';
  if (facts.type === 'billing.update') return BILLING_BY_STATUS[facts.status ?? ''] ?? 'billingUpdated';
  if (facts.type === 'company.update') return COMPANY_BY_ACTION[facts.action ?? ''] ?? 'other';
  if (facts.type === 'talentProfile.update' && facts.action) return PAYMENT_PROFILE_BY_ACTION[facts.action] ?? 'other';
  if (facts.type === 'companyOnUser.create') return facts.invitation ? 'memberInvited' : 'memberAdded';
  if (isRosterRequest(facts)) return 'rosterRequested';
  if (facts.type === 'talentPoolConsent.update' && facts.action === 'renewalDue') return 'poolConsentRenewal';
  return BY_TYPE[facts.type] ?? 'other';
}

function sentenceValues(facts: NotificationFacts, t: Translate, language: Language): Record<string, string> {
  const period = parsePeriodValue(facts.billingPeriod);
  const [subject = '', action = ''] = facts.type.split('.');
  const document = facts.document && ['cv', 'resume', 'pdf'].includes(facts.document) ? facts.document : 'other';
  return {
    company: facts.companyName ?? t('notifications.someCompany'),
    title: facts.title ?? t('notifications.someJob'),
    step: facts.step ?? '',
    period: period ? formatPeriod(period, language) : '',
    document: t(`notifications.documents.${document}`),
    role: facts.role ?? t('notifications.someRole'),
    inviter: facts.inviter ?? t('notifications.someMember'),
    partner: facts.partner ?? t('notifications.somePartner'),
    talent: facts.talentName ?? t('notifications.someTalent'),
    // The settings page's name of the event type: "Invoice created".
    event: t(`siteSettings.events.${subject}.${action}`),
  };
}

export interface NotificationWords {
  kind: NotificationKind;
  /** "Northwind Labs rejected your application for Frontend Developer." */
  sentence: string;
  /** A second line: the reason, or the invoice's number; null when there is none. */
  detail: string | null;
}

/** The notification in words, from the locale files. */
export function notificationWords(facts: NotificationFacts, t: Translate, language: Language): NotificationWords {
  const kind = notificationKind(facts);
  const sentence = t(`notifications.sentences.${kind}`, sentenceValues(facts, t, language));
  const detail = facts.reason ? t('notifications.reason', { reason: facts.reason }) : kind === 'billingInvoiced' && facts.invoiceNumber ? t('notifications.invoiceNumber', { number: facts.invoiceNumber }) : null;
  return { kind, sentence, detail };
}

/**
 * The page a notification concerns: the talent's own pages for what a company did to
 * their application (its entry on the applied jobs), invitation, billing or assignment
 * (the one row when it still exists), the company's page for its roster and document reads, and the company's
 * dashboard (selecting that company) for the company side.
 */
export function notificationHref(facts: Pick<NotificationFacts, 'type' | 'entityId' | 'companyId' | 'action' | 'invitation' | 'status' | 'threadId' | 'fromCompany' | 'talentName' | 'jobApplicationId'>): string | null {
  const [subject, action] = facts.type.split('.');
  // A company's review is read on My Companies (the reason, or the company now selectable);
  // a member invitation is accepted or declined on the page of one's invitations.
  if (facts.type === 'company.update' && facts.action && facts.action in COMPANY_BY_ACTION) return buildRoute('companyMyCompanies');
  if (facts.type === 'companyOnUser.create' && facts.invitation) return buildRoute('joinCompany');
  // The review of the bank details is read where they are kept: the billing page's payment profile.
  if (facts.type === 'talentProfile.update' && facts.action && facts.action in PAYMENT_PROFILE_BY_ACTION) return `${buildRoute('talentBilling')}#payment-profile`;
  // A member removed has no page of that company left: My Companies lists what they still have.
  if (facts.type === 'companyOnUser.delete') return buildRoute('companyMyCompanies');
  // A company link is answered or read on the partner companies page of the addressee's company.
  if (subject === 'companyOnProviderCompany') return facts.companyId ? buildRoute('companyPartners', { query: { company_id: facts.companyId } }) : buildRoute('companyMyCompanies');
  // A message is read and answered in its conversation: a talent's, by her company readers,
  // through the company's inbox (which selects the company and opens the record it is about).
  if (facts.type === 'message.create' && facts.fromCompany === false) {
    return buildRoute('companyMessages', { query: facts.companyId && facts.threadId ? { company_id: facts.companyId, thread: facts.threadId } : undefined });
  }
  if (facts.type === 'message.create') return facts.threadId ? buildRoute('talentMessages', { query: { thread: facts.threadId } }) : buildRoute('talentMessages');
  // An interview is read on the talent's interview page, or, by the company, on its application's page.
  if (subject === 'interview') {
    if (facts.talentName != null || facts.action === 'otherTimes') return facts.companyId && facts.jobApplicationId ? `${buildRoute('companyJobApplication', { query: { id: facts.jobApplicationId, company_id: facts.companyId } })}#interviews` : buildRoute('companyInterviews');
    return facts.entityId ? buildRoute('talentInterview', { query: { id: facts.entityId } }) : buildRoute('talentInterviews');
  }
  // A withdrawal is read by the company on the application's page.
  if (facts.type === 'talentJobApplication.update' && facts.action === 'withdraw' && facts.entityId && facts.companyId) return buildRoute('companyJobApplication', { query: { id: facts.entityId, company_id: facts.companyId } });
  // A company's request to keep her in its talent pool, and the reminder to renew her agreement, are answered in her account settings.
  if (facts.type === 'talentPoolConsent.create' || (facts.type === 'talentPoolConsent.update' && facts.action === 'renewalDue')) return `${buildRoute('editAccount')}#${POOL_CONSENT_ANCHOR}`;
  // A roster request is answered where her employers are listed.
  if (isRosterRequest(facts)) return buildRoute('talentEmployers');
  // A deleted row's page is gone, so it leads to the list; a withdrawn invitation stays
  // readable (as withdrawn) on its own page.
  const kept = action !== 'delete' || subject === 'talentInvitation';
  const one = kept && facts.entityId ? { id: facts.entityId } : undefined;
  switch (subject) {
    case 'talentJobApplication':
    case 'talentJobApplicationStatus':
      return one ? applicationHref(one.id) : buildRoute('talentAppliedJobs');
    case 'talentInvitation':
      return one ? buildRoute('talentInvitation', { query: one }) : buildRoute('talentInvitations');
    case 'billing':
      return buildRoute('talentBilling', { query: one });
    case 'jobAssignment':
      return one ? buildRoute('talentAssignment', { query: one }) : buildRoute('talentAssignments');
    case 'talentProfile':
      return buildRoute('talentProfile');
    case 'companyTalentRoster':
    case 'talentDocument':
    case 'invoice':
      return facts.companyId ? buildRoute('talentCompany', { query: { id: facts.companyId } }) : null;
    default:
      return facts.companyId ? buildRoute('companyDashboard', { query: { company_id: facts.companyId } }) : null;
  }
}

export interface NotificationMailText {
  subject: string;
  text: string;
}

/**
 * The e-mail of a mailed notification: a subject of its own, the sentence and its detail,
 * the link to the page, and why it came with where to turn it off. Links are absolute
 * (`origin` is the site's public address).
 */
export function notificationMail(facts: NotificationFacts, t: Translate, site: { origin: string; productName: string }, language: Language): NotificationMailText {
  const words = notificationWords(facts, t, language);
  const values = sentenceValues(facts, t, language);
  const mailed = (MAILED_KINDS as readonly string[]).includes(words.kind);
  const subject = mailed ? t(`notifications.mail.subjects.${words.kind}`, { ...values, product: site.productName }) : words.sentence;
  // The pages it links to open in the mail's language.
  const link = (path: string) => `${site.origin}${pathInLanguage(path, language)}`;
  const href = facts.link ?? notificationHref(facts);
  const invited = words.kind === 'memberInvited' || words.kind === 'linkInvited';
  const linkInvited = words.kind === 'linkInvited';
  const lines = [
    words.sentence,
    ...(words.detail ? [words.detail] : []),
    '',
    ...(href ? [t(linkInvited ? 'notifications.mail.linkJoin' : invited ? 'notifications.mail.join' : 'notifications.mail.open', { product: site.productName, link: link(href) }), ''] : []),
    // An invited address has no account, so no settings: it is told why it got the mail instead.
    invited
      ? t(linkInvited ? 'notifications.mail.whyLinkInvited' : 'notifications.mail.whyInvited', { product: site.productName })
      : t('notifications.mail.why', { event: values.event, link: link(buildRoute('siteSettings')) }),
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}

/**
 * A pushed notification: the product's name as its title, the sentence the bell shows as
 * its body (not the detail: a rejection reason is not for a lock screen) and the page it
 * concerns, else the notification centre.
 */
export function notificationPush(facts: NotificationFacts, t: Translate, productName: string, language: Language): PushMessage {
  return { title: productName, body: notificationWords(facts, t, language).sentence, url: pathInLanguage(notificationHref(facts) ?? buildRoute('notifications'), language) };
}
