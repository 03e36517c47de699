import { describe, expect, it } from 'vitest';
import {
  AUDIT_ONLY_SUBJECTS,
  defaultNotificationPreference,
  EVENT_SUBJECTS,
  EVENT_TYPES,
  eventTypesOfGroup,
  isEventType,
  PREFERENCE_GROUPS,
  preferenceChanges,
  preferenceFieldName,
  preferencesFromForm,
  withDefaults,
} from '../../../src/lib/notifications/notification-preferences';
import { getTranslator } from '../../../src/lib/i18n/i18n';

describe('notification event types', () => {
  it('has create, update and delete for eleven entities, update only for company and talent profile, the hiring pipeline events and the public status they reach the talent as, the shortlists, the user status changes, admin profile reads, impersonations and feature flags of the admin area, the job alerts, a user\'s own housekeeping for the impersonation audit, the company links, the company identity providers and e-mail domains, messages and conversations closed, talent pool consents and the retention log', () => {
    expect(EVENT_TYPES).toHaveLength(11 * 3 + 2 + 3 + 6 + 2 + 1 + 2 + 3 + 2 + 3 + 4 + 3 + 3 + 3 + 1 + 1 + 3 + 1 + 2 + 2 + 1 + 2 + 1);
    expect(EVENT_TYPES).toContain('dataRetention.delete');
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['talentPoolConsent.create', 'talentPoolConsent.update']));
    expect(EVENT_TYPES).toContain('talentJobApplicationStatus.create');
    expect(EVENT_TYPES).toContain('interview.create');
    expect(EVENT_TYPES).toContain('message.create');
    expect(EVENT_TYPES).toContain('messageThread.update');
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['idp.create', 'idp.update', 'idp.delete', 'companyDomain.create', 'companyDomain.update', 'companyDomain.delete']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['companyOnProviderCompany.create', 'companyOnProviderCompany.update', 'companyOnProviderCompany.delete']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['savedJobAd.create', 'savedJobAd.delete', 'notification.update', 'userNotificationPreferences.update']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['jobAlert.create', 'jobAlert.update', 'jobAlert.delete']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['impersonation.create', 'impersonation.update']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['featureFlag.create', 'featureFlag.update', 'featureFlag.delete', 'userFeatureFlag.create', 'userFeatureFlag.delete', 'talentProfile.read']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['user.update', 'user.delete']));
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['talentJobApplication.create', 'talentJobApplication.update', 'talentDocument.read']));
    expect(EVENT_TYPES).toContain('talentInvitation.delete');
    expect(EVENT_TYPES).toContain('company.update');
    expect(EVENT_TYPES).not.toContain('company.create');
    expect(EVENT_TYPES).not.toContain('talentProfile.delete');
    expect(isEventType('billing.create')).toBe(true);
    expect(isEventType('billing.archive')).toBe(false);
  });

  it('shows every entity that can notify someone in exactly one settings group, and the audit-only ones in none', () => {
    const grouped = PREFERENCE_GROUPS.flatMap((group) => group.subjects);
    const notifying = EVENT_SUBJECTS.map((entry) => entry.subject).filter((subject) => !AUDIT_ONLY_SUBJECTS.includes(subject));
    expect([...grouped].sort()).toEqual(notifying.sort());
    const auditOnly = (type: string) => AUDIT_ONLY_SUBJECTS.some((subject) => type.startsWith(`${subject}.`));
    expect(PREFERENCE_GROUPS.flatMap((group) => eventTypesOfGroup(group)).sort()).toEqual(EVENT_TYPES.filter((type) => !auditOnly(type)).sort());
  });

  it('has an English label for every event type, group and channel', () => {
    const t = getTranslator();
    const missing = [
      ...EVENT_TYPES.map((type) => `siteSettings.events.${type}`),
      ...PREFERENCE_GROUPS.map((group) => `siteSettings.groups.${group.id}`),
      ...['email', 'ui', 'push'].map((channel) => `siteSettings.channels.${channel}`),
    ].filter((key) => t(key) === key);
    expect(missing).toEqual([]);
  });
});

describe('default notification preferences', () => {
  it('turns in-app on for every event type and push off for every one', () => {
    for (const type of EVENT_TYPES) expect(defaultNotificationPreference(type), type).toMatchObject({ ui: true, push: false });
  });

  it('e-mails only the talent-relevant events (invitations, applications, assignments, billing, bank details reviewed), a member\'s company verified or joined, a company link proposed, a message received, interview times proposed, and a company asking to keep the talent in its pool', () => {
    const emailed = EVENT_TYPES.filter((type) => defaultNotificationPreference(type).email);
    expect(emailed).toEqual([
      'billing.create', 'billing.update', 'billing.delete',
      'companyOnUser.create', 'companyOnUser.update', 'companyOnUser.delete',
      'jobAssignment.create', 'jobAssignment.update', 'jobAssignment.delete',
      'talentInvitation.create', 'talentInvitation.update', 'talentInvitation.delete',
      'talentJobApplication.create', 'talentJobApplication.update',
      'talentJobApplicationStatus.create',
      'company.update',
      'talentProfile.update',
      'companyOnProviderCompany.create', 'companyOnProviderCompany.update', 'companyOnProviderCompany.delete',
      'message.create',
      'interview.create', 'interview.update',
      'talentPoolConsent.create', 'talentPoolConsent.update',
    ]);
  });

  it('fills every type a user has not chosen with its default and keeps the stored choices', () => {
    const merged = withDefaults([
      { type: 'jobAd.create', email: true, ui: false, push: true },
      { type: 'billing.update', email: false, ui: false, push: false },
    ]);
    expect(merged.map((preference) => preference.type)).toEqual(EVENT_TYPES);
    expect(merged.find((preference) => preference.type === 'jobAd.create')).toEqual({ type: 'jobAd.create', email: true, ui: false, push: true });
    expect(merged.find((preference) => preference.type === 'billing.update')).toEqual({ type: 'billing.update', email: false, ui: false, push: false });
    expect(merged.find((preference) => preference.type === 'billing.create')).toEqual(defaultNotificationPreference('billing.create'));
  });

  it('ignores stored rows of types that are no longer event types', () => {
    expect(withDefaults([{ type: 'retired.create', email: true, ui: true, push: true }])).toEqual(EVENT_TYPES.map(defaultNotificationPreference));
  });
});

describe('the settings form', () => {
  it('reads every event type, an unchecked box (not posted) as off', () => {
    const form = new FormData();
    form.set(preferenceFieldName('jobAd.update', 'push'), 'on');
    form.set(preferenceFieldName('jobAd.update', 'email'), 'on');
    form.set(preferenceFieldName('unknown.type', 'email'), 'on');
    const posted = preferencesFromForm(form);
    expect(posted).toHaveLength(EVENT_TYPES.length);
    expect(posted.find((preference) => preference.type === 'jobAd.update')).toEqual({ type: 'jobAd.update', email: true, ui: false, push: true });
    expect(posted.filter((preference) => preference.email || preference.ui || preference.push)).toHaveLength(1);
  });
});

describe('what a save of the settings changed (its event, for the impersonation audit)', () => {
  it('names the types whose channels differ, with the channels on before and after ("" for none)', () => {
    const before = withDefaults([]);
    const after = withDefaults([
      { type: 'billing.create', email: false, ui: true, push: false },
      { type: 'jobAd.create', email: false, ui: false, push: false },
      // Saved as it was: no change.
      { type: 'invoice.create', email: false, ui: true, push: false },
    ]);
    expect(preferenceChanges(before, after)).toEqual({
      changedFields: ['billing.create', 'jobAd.create'],
      before: { 'billing.create': 'email, ui', 'jobAd.create': 'ui' },
      after: { 'billing.create': 'ui', 'jobAd.create': '' },
    });
    expect(preferenceChanges(after, after).changedFields).toEqual([]);
  });
});
