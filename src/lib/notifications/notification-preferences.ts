import { tickedBoxes } from '../forms/form-values';

// Which channels a user hears about each event type through (the
// userNotificationPreferences entity and the event types). Plain lists so that pages can build
// the settings table without the database schema; an integration test keeps EVENT_TYPES
// equal to the PostgreSQL enum.

export const NOTIFICATION_CHANNELS = ['email', 'ui', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const EVENT_ACTIONS = ['create', 'update', 'delete'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/**
 * The event types: create, update and delete for eleven entities; company and talent profile update
 * only. Beyond the spec: an application's arrival and moves, a company's read of a talent's
 * document, which the talent is told about (the hiring pipeline), the company's shortlists,
 * an admin's change of a user's status (the admin area) and a talent's job alerts.
 */
export const EVENT_SUBJECTS = [
  { subject: 'billing', actions: EVENT_ACTIONS },
  { subject: 'companyHiringStep', actions: EVENT_ACTIONS },
  { subject: 'invoice', actions: EVENT_ACTIONS },
  { subject: 'companyOnUser', actions: EVENT_ACTIONS },
  { subject: 'companyRole', actions: EVENT_ACTIONS },
  { subject: 'companyTalentNote', actions: EVENT_ACTIONS },
  { subject: 'companyTalentRoster', actions: EVENT_ACTIONS },
  { subject: 'jobAd', actions: EVENT_ACTIONS },
  { subject: 'jobAssignment', actions: EVENT_ACTIONS },
  { subject: 'jobDescription', actions: EVENT_ACTIONS },
  { subject: 'talentInvitation', actions: EVENT_ACTIONS },
  { subject: 'talentJobApplication', actions: ['create', 'update'] },
  // A company's move reached the talent as her application's public status.
  { subject: 'talentJobApplicationStatus', actions: ['create'] },
  { subject: 'talentDocument', actions: ['read'] },
  { subject: 'companySavedTalentList', actions: EVENT_ACTIONS },
  { subject: 'companySavedTalent', actions: EVENT_ACTIONS },
  // A platform admin blocked, unblocked or deleted the user (the admin area).
  { subject: 'user', actions: ['update', 'delete'] },
  // A talent saved, changed or removed a job alert.
  { subject: 'jobAlert', actions: EVENT_ACTIONS },
  { subject: 'company', actions: ['update'] },
  { subject: 'talentProfile', actions: ['update', 'read'] },
  // An impersonator started or stopped acting as a user (accountable impersonation): audit rows addressed to
  // the impersonation itself, so they notify nobody and have no row on the settings page.
  { subject: 'impersonation', actions: ['create', 'update'] },
  // An admin created, described or deleted a feature flag (addressed to no one: the audit
  // trail); gave the user a flag or took it back (addressed to the user).
  { subject: 'featureFlag', actions: EVENT_ACTIONS },
  { subject: 'userFeatureFlag', actions: ['create', 'delete'] },
  // A user's own housekeeping (addressed to no one: the audit trail of what an impersonator
  // did as them): a job saved or unsaved, notifications marked read, these settings changed.
  { subject: 'savedJobAd', actions: ['create', 'delete'] },
  { subject: 'notification', actions: ['update'] },
  { subject: 'userNotificationPreferences', actions: ['update'] },
  // A staffing link between two companies proposed (or an address invited to one), answered,
  // or ended (company links): the other company's owners are told.
  { subject: 'companyOnProviderCompany', actions: EVENT_ACTIONS },
  // A company's identity provider added, changed or removed (single sign-on): the company's
  // audit trail, addressed to the company.
  { subject: 'idp', actions: EVENT_ACTIONS },
  // A company's e-mail domain claimed, proven (or found unproven by the daily check) or given
  // up (single sign-on): the company's audit trail too, addressed to the company.
  { subject: 'companyDomain', actions: EVENT_ACTIONS },
  // A message written to the user in a thread with a company or a talent (messages).
  { subject: 'message', actions: ['create'] },
  // A conversation closed to the other side, or opened again (the thread's audit trail).
  { subject: 'messageThread', actions: ['update'] },
  // A company's message template written, changed or removed (its audit trail).
  { subject: 'messageTemplate', actions: EVENT_ACTIONS },
  // A step's interview plan set or removed (its audit trail).
  { subject: 'interviewPlan', actions: ['update'] },
  // Interview times proposed to the talent; an interview booked, moved, cancelled, or other times asked for.
  { subject: 'interview', actions: ['create', 'update'] },
  // An interviewer's scorecard submitted or corrected (the company's audit trail).
  { subject: 'interviewScorecard', actions: ['create', 'update'] },
  // A company asked the talent to keep her in its talent pool (addressed to her), and her
  // answer (addressed to the company, whose saved talents show it).
  { subject: 'talentPoolConsent', actions: ['create', 'update'] },
  // The retention job erased an ended application's content or ended a pool agreement
  // (addressed to the company: its retention log, notifying nobody).
  { subject: 'dataRetention', actions: ['delete'] },
] as const satisfies ReadonlyArray<{ subject: string; actions: readonly (EventAction | 'read')[] }>;

export type EventSubject = (typeof EVENT_SUBJECTS)[number]['subject'];

/** Subjects whose rows only keep the audit trail: they notify nobody, so no setting is shown. */
export const AUDIT_ONLY_SUBJECTS: readonly EventSubject[] = ['impersonation', 'featureFlag', 'savedJobAd', 'notification', 'userNotificationPreferences', 'idp', 'companyDomain', 'messageThread', 'messageTemplate', 'interviewPlan', 'interviewScorecard', 'dataRetention'];

/** Every event type as the database spells it (`billing.create`), in the enum's order. */
export const EVENT_TYPES: readonly string[] = EVENT_SUBJECTS.flatMap(({ subject, actions }) => actions.map((action) => `${subject}.${action}`));

export function isEventType(value: string): boolean {
  return EVENT_TYPES.includes(value);
}

export interface NotificationPreference {
  type: string;
  email: boolean;
  ui: boolean;
  push: boolean;
}

/**
 * Entities where a company acts on the talent and the talent has to answer or would want
 * to know at once even when not signed in: an invitation to reply to, where an application
 * stands (never a silent end), an assignment that
 * starts or changes, a billing approved or rejected (money). Beside them, the two a company
 * member waits for: the platform verified or rejected their company, and they were added to
 * one; and the owner's: another company proposes a staffing link, which waits for an answer
 * (of these types only those moments are mailed: `isMailedEvent`). Everything else is
 * company housekeeping that members see in the app they work in daily; mailing it would bury
 * the few e-mails that matter.
 */
const EMAIL_BY_DEFAULT: ReadonlySet<string> = new Set<EventSubject>(['talentInvitation', 'talentJobApplication', 'talentJobApplicationStatus', 'jobAssignment', 'billing', 'company', 'companyOnUser', 'companyOnProviderCompany', 'message', 'interview', 'talentPoolConsent']);

/**
 * Single types mailed by default whose subject is not: a talent profile update reaches its
 * talent only when the platform verified or refused their bank details (money they wait
 * for), while the subject's other type, a company reading the profile, is bell news.
 */
const EMAIL_BY_DEFAULT_TYPES: ReadonlySet<string> = new Set(['talentProfile.update']);

/**
 * What a user gets before choosing anything (no row stored for the type):
 * - in-app on for every type: it costs nothing and is where the product shows events;
 * - e-mail on only for the talent-relevant entities above;
 * - push off: a push needs the user's consent in the browser, so it is never on unasked.
 */
export function defaultNotificationPreference(type: string): NotificationPreference {
  const subject = type.split('.')[0] ?? '';
  return { type, email: EMAIL_BY_DEFAULT.has(subject) || EMAIL_BY_DEFAULT_TYPES.has(type), ui: true, push: false };
}

/** One preference per event type: the stored choice where there is one, else the default. */
export function withDefaults(stored: ReadonlyArray<NotificationPreference>): NotificationPreference[] {
  const byType = new Map(stored.map((preference) => [preference.type, preference]));
  return EVENT_TYPES.map((type) => {
    const chosen = byType.get(type);
    return chosen ? { type, email: chosen.email, ui: chosen.ui, push: chosen.push } : defaultNotificationPreference(type);
  });
}

/**
 * How the settings page groups the entities: by who they concern, following the side
 * menus' groups, talent first because every user can be a talent.
 */
export const PREFERENCE_GROUPS = [
  { id: 'talent', subjects: ['message', 'interview', 'talentPoolConsent', 'talentInvitation', 'talentJobApplication', 'talentJobApplicationStatus', 'talentDocument', 'jobAssignment', 'billing', 'talentProfile'] },
  { id: 'recruiting', subjects: ['jobAd', 'jobDescription', 'companyHiringStep', 'companyTalentNote', 'companySavedTalentList', 'companySavedTalent'] },
  { id: 'talentManagement', subjects: ['companyTalentRoster', 'invoice'] },
  { id: 'companyManagement', subjects: ['company', 'companyOnUser', 'companyRole', 'companyOnProviderCompany'] },
  { id: 'account', subjects: ['user', 'userFeatureFlag', 'jobAlert'] },
] as const satisfies ReadonlyArray<{ id: string; subjects: readonly EventSubject[] }>;

/** The event types of one settings group, in the order rows are shown. */
export function eventTypesOfGroup(group: (typeof PREFERENCE_GROUPS)[number]): string[] {
  return group.subjects.flatMap((subject) => {
    const entry = EVENT_SUBJECTS.find((candidate) => candidate.subject === subject)!;
    return entry.actions.map((action) => `${subject}.${action}`);
  });
}

/** The form name of one checkbox: `billing.create:email`. */
export function preferenceFieldName(type: string, channel: NotificationChannel): string {
  return `${type}:${channel}`;
}

/**
 * The settings form as a full list of preferences: every event type is in the table, so a
 * box left unchecked (which browsers do not post) means off.
 */
export function preferencesFromForm(form: Pick<FormData, 'get'>): NotificationPreference[] {
  const ticked = tickedBoxes(form, EVENT_TYPES.flatMap((type) => NOTIFICATION_CHANNELS.map((channel) => preferenceFieldName(type, channel))));
  const checked = (type: string, channel: NotificationChannel) => ticked[preferenceFieldName(type, channel)] === true;
  return EVENT_TYPES.map((type) => ({ type, email: checked(type, 'email'), ui: checked(type, 'ui'), push: checked(type, 'push') }));
}

/** The channels a preference has on, as its change is logged: "email, ui"; "" for none. */
export function channelsOn(preference: NotificationPreference): string {
  return NOTIFICATION_CHANNELS.filter((channel) => preference[channel]).join(', ');
}

/**
 * What a save of the settings changed, as its event keeps it: the event types whose
 * channels differ, with their channels before and after (types saved as they were are none).
 */
export function preferenceChanges(
  before: ReadonlyArray<NotificationPreference>,
  after: ReadonlyArray<NotificationPreference>,
): { changedFields: string[]; before: Record<string, string>; after: Record<string, string> } {
  const was = new Map(before.map((preference) => [preference.type, channelsOn(preference)]));
  const changed = after.filter((preference) => was.get(preference.type) !== channelsOn(preference));
  return {
    changedFields: changed.map((preference) => preference.type),
    before: Object.fromEntries(changed.map((preference) => [preference.type, was.get(preference.type) ?? ''])),
    after: Object.fromEntries(changed.map((preference) => [preference.type, channelsOn(preference)])),
  };
}
