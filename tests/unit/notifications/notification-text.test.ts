import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import {
  MAILED_KINDS,
  NOTIFICATION_KINDS,
  notificationHref,
  notificationKind,
  notificationMail,
  notificationWords,
  type NotificationFacts,
} from '../../../src/lib/notifications/notification-text';

const t = getTranslator();
const ENTITY = '5d0c4b6a-0000-4000-8000-000000000010';
const COMPANY = '5d0c4b6a-0000-4000-8000-000000000020';

function facts(type: string, extra: Partial<NotificationFacts> = {}): NotificationFacts {
  return {
    type,
    entityId: ENTITY,
    companyId: COMPANY,
    companyName: 'Northwind Labs',
    title: 'Frontend Developer',
    step: null,
    stepGroup: null,
    reason: null,
    status: null,
    billingPeriod: null,
    invoiceNumber: null,
    document: null,
    ...extra,
  };
}

const sentence = (f: NotificationFacts) => notificationWords(f, t, 'en').sentence;

describe('the sentence of an application move names the company, the job and the step', () => {
  it('says where the application moved', () => {
    expect(sentence(facts('talentJobApplication.update', { step: 'Interview', stepGroup: 'IN_PROGRESS' }))).toBe('Northwind Labs moved your application for Frontend Developer to Interview.');
  });

  it('says a rejection in words, with the reason on a line of its own', () => {
    const words = notificationWords(facts('talentJobApplication.update', { step: 'Rejected', stepGroup: 'REJECTED', reason: 'Another candidate was chosen' }), t, 'en');
    expect(words).toEqual({ kind: 'applicationRejected', sentence: 'Northwind Labs rejected your application for Frontend Developer.', detail: 'Reason: Another candidate was chosen' });
  });

  it('says hired and withdrawn by the step group, whatever the company named the step', () => {
    expect(notificationKind(facts('talentJobApplication.update', { stepGroup: 'HIRED' }))).toBe('applicationHired');
    expect(notificationKind(facts('talentJobApplication.update', { stepGroup: 'WITHDRAWN' }))).toBe('applicationWithdrawn');
  });
});

describe('the sentence of an invitation received', () => {
  it('names the company and the job, and falls back to words when a name is gone', () => {
    expect(sentence(facts('talentInvitation.create'))).toBe('Northwind Labs invited you to apply for Frontend Developer.');
    expect(sentence(facts('talentInvitation.create', { companyName: null, title: null }))).toBe('A company invited you to apply for a job.');
  });

  it('says an invitation withdrawn, and leads to it: a withdrawn invitation stays readable', () => {
    expect(notificationKind(facts('talentInvitation.delete'))).toBe('invitationWithdrawn');
    expect(sentence(facts('talentInvitation.delete'))).toBe('Northwind Labs withdrew its invitation to apply for Frontend Developer.');
    expect(notificationHref(facts('talentInvitation.delete'))).toBe(`/talent/invitation?id=${ENTITY}`);
  });
});

describe('the sentence of a billing step names the month', () => {
  it('says approved, rejected, invoiced and paid', () => {
    const billing = (status: string) => sentence(facts('billing.update', { status, billingPeriod: '2026-03' }));
    expect(billing('APPROVED')).toBe('Northwind Labs approved your billing for March 2026.');
    expect(billing('REJECTED')).toBe('Northwind Labs rejected your billing for March 2026.');
    expect(billing('INVOICED')).toBe('Northwind Labs invoiced your billing for March 2026.');
    expect(billing('PAID')).toBe('Northwind Labs paid your billing for March 2026.');
    expect(billing('SENT')).toBe('Northwind Labs updated your billing for March 2026.');
  });

  it('adds the invoice number to an invoiced billing', () => {
    expect(notificationWords(facts('billing.update', { status: 'INVOICED', billingPeriod: '2026-03', invoiceNumber: '2026-0007' }), t, 'en').detail).toBe('Invoice 2026-0007');
  });
});

describe('every other event type has a sentence', () => {
  it('has words for every kind in the locale files', () => {
    for (const kind of NOTIFICATION_KINDS) expect(t(`notifications.sentences.${kind}`), kind).not.toBe(`notifications.sentences.${kind}`);
    for (const kind of MAILED_KINDS) expect(t(`notifications.mail.subjects.${kind}`), kind).not.toBe(`notifications.mail.subjects.${kind}`);
  });

  it('names assignments, roster changes and document downloads', () => {
    expect(sentence(facts('jobAssignment.create'))).toBe('Northwind Labs added you to the assignment Frontend Developer.');
    expect(sentence(facts('companyTalentRoster.delete'))).toBe('Northwind Labs removed you from its talent roster.');
    // A company's request waits for her answer; an entry made accepted (her paid billing) is an addition.
    expect(notificationWords(facts('companyTalentRoster.create', { status: 'requested' }), t, 'en')).toMatchObject({ kind: 'rosterRequested', sentence: 'Northwind Labs asks to add you to its talent roster. Accept or decline on your employers page.' });
    expect(sentence(facts('companyTalentRoster.create', { status: 'accepted' }))).toBe('Northwind Labs added you to its talent roster.');
    expect(sentence(facts('talentDocument.read', { document: 'cv' }))).toBe('Northwind Labs downloaded your CV.');
  });

  it('falls back to the settings page name of the event type', () => {
    expect(sentence(facts('companyRole.create'))).toBe('Northwind Labs: Company role created.');
    expect(sentence(facts('company.update', { action: 'permissions' }))).toBe('Northwind Labs: Company profile updated.');
  });
});

describe('the company side is told of its review and its members', () => {
  it('says verified or not verified by the admin action, with the reason of a rejection', () => {
    expect(notificationKind(facts('company.update', { action: 'verify' }))).toBe('companyVerified');
    const rejected = notificationWords(facts('company.update', { action: 'reject', reason: 'Unknown business' }), t, 'en');
    expect(rejected).toEqual({ kind: 'companyRejected', sentence: 'Northwind Labs was not verified.', detail: 'Reason: Unknown business' });
  });

  it('leads a review to My Companies, where the reason is read', () => {
    expect(notificationHref(facts('company.update', { action: 'reject' }))).toBe('/company/my-companies');
  });

  it('mails a member invitation naming company, role and inviter, with its own single-use link and why it came, without the settings an address has not got', () => {
    const invitation = facts('companyOnUser.create', { invitation: true, role: 'Recruiter', inviter: 'Olivia Owner', link: '/join-company?token=abc' });
    const mail = notificationMail(invitation, t, { origin: 'https://talentplace.test', productName: 'Talentplace' }, 'en');
    expect(mail.subject).toBe('Olivia Owner invites you to join Northwind Labs on Talentplace');
    expect(mail.text).toContain('Olivia Owner invites you to join Northwind Labs as Recruiter.');
    expect(mail.text).toContain('https://talentplace.test/join-company?token=abc');
    expect(mail.text).not.toContain('site-settings');
    // In the bell (no link of its own), the invitation leads to the page of one's invitations.
    expect(notificationHref(facts('companyOnUser.create', { invitation: true }))).toBe('/join-company');
    expect(notificationKind(facts('companyOnUser.create'))).toBe('memberAdded');
  });
});

describe('a notification links to the page it concerns', () => {
  it('leads an application to its entry on the applied jobs (never its ad: a closed one answers 410), an invitation and a billing to their own page', () => {
    expect(notificationHref(facts('talentJobApplication.update'))).toBe(`/talent/applied-jobs#application-${ENTITY}`);
    expect(notificationHref(facts('talentInvitation.create'))).toBe(`/talent/invitation?id=${ENTITY}`);
    expect(notificationHref(facts('billing.update'))).toBe(`/talent/billing?id=${ENTITY}`);
    expect(notificationHref(facts('jobAssignment.update'))).toBe(`/talent/assignment?id=${ENTITY}`);
  });

  it('leads a deleted row to its list, never to a page that is gone', () => {
    expect(notificationHref(facts('jobAssignment.delete'))).toBe('/talent/assignments');
    expect(notificationHref(facts('billing.delete'))).toBe('/talent/billing');
  });

  it("leads a company's roster change to the company page, company-side events to that company's dashboard", () => {
    expect(notificationHref(facts('companyTalentRoster.create'))).toBe(`/talent/company?id=${COMPANY}`);
    // A roster request is answered on the employers page.
    expect(notificationHref(facts('companyTalentRoster.create', { status: 'requested' }))).toBe('/talent/employers');
    expect(notificationHref(facts('companyOnUser.create'))).toBe(`/company/dashboard?company_id=${COMPANY}`);
    expect(notificationHref(facts('companyOnUser.create', { companyId: null }))).toBeNull();
  });
});

describe('the e-mail of a notification', () => {
  it('has a subject of its own, the sentence, the reason, an absolute link and where to turn it off', () => {
    const mail = notificationMail(facts('talentJobApplicationStatus.create', { talentStatus: 'NOT_SELECTED', reason: 'Another candidate was chosen' }), t, {
      origin: 'https://talentplace.example',
      productName: 'Talentplace',
    }, 'en');
    expect(mail.subject).toBe('Your application for Frontend Developer was not selected');
    expect(mail.text).toContain('Northwind Labs did not select your application for Frontend Developer.\nReason: Another candidate was chosen\n');
    expect(mail.text).toContain('See it on Talentplace: https://talentplace.example/talent/applied-jobs');
    expect(mail.text).toContain('e-mails are on for "Your application\'s status changed (in review, interview, offer, hired, not selected)"');
    expect(mail.text).toContain('https://talentplace.example/site-settings');
  });

  it('says a billing approval with the month', () => {
    const mail = notificationMail(facts('billing.update', { status: 'APPROVED', billingPeriod: '2026-03' }), t, { origin: 'https://x.example', productName: 'Talentplace' }, 'en');
    expect(mail.subject).toBe('Your billing for March 2026 is approved');
    expect(mail.text).toContain(`https://x.example/talent/billing?id=${ENTITY}`);
  });
});

describe('a company link in words: who proposed, answered or ended it, and where to answer', () => {
  const link = (type: string, extra: Partial<NotificationFacts> = {}) => facts(type, { partner: 'Brightpath Consulting', ...extra });

  it('says what the partner would be to the addressee company, and leads to its partner companies page', () => {
    expect(sentence(link('companyOnProviderCompany.create', { relation: 'PROVIDES_TO_US' }))).toBe('Brightpath Consulting proposes to provide talents to Northwind Labs. Accept or decline on the partner companies page.');
    expect(sentence(link('companyOnProviderCompany.create', { relation: 'WE_PROVIDE_TO' }))).toBe('Brightpath Consulting proposes that Northwind Labs provides talents to it. Accept or decline on the partner companies page.');
    expect(notificationHref(link('companyOnProviderCompany.create'))).toBe(`/company/partners?company_id=${COMPANY}`);
  });

  it('words an answer or an end by the state the link moved to', () => {
    expect(sentence(link('companyOnProviderCompany.update', { status: 'accepted' }))).toBe('Brightpath Consulting accepted the partnership with Northwind Labs.');
    expect(sentence(link('companyOnProviderCompany.update', { status: 'declined' }))).toBe('Brightpath Consulting declined the partnership with Northwind Labs.');
    expect(sentence(link('companyOnProviderCompany.update', { status: 'ended' }))).toBe('Brightpath Consulting ended the partnership with Northwind Labs.');
  });

  it('mails an invitation to link with its own link and why it came, without settings', () => {
    const mail = notificationMail(link('companyOnProviderCompany.create', { invitation: true, inviter: 'Olivia Owner', partner: 'Northwind Labs', link: '/company/partners?invitation=abc' }), t, { origin: 'https://talentplace.test', productName: 'Talentplace' }, 'en');
    expect(mail.subject).toBe('Northwind Labs invites your company to partner with it on Talentplace');
    expect(mail.text).toContain('Olivia Owner of Northwind Labs invites your company to partner with it on the platform.');
    expect(mail.text).toContain('https://talentplace.test/company/partners?invitation=abc');
    expect(mail.text).not.toContain('site-settings');
  });
});

describe('a message is told to the side that did not write it', () => {
  const THREAD = '5d0c4b6a-0000-4000-8000-000000000030';
  it('tells the talent which company wrote, and leads to the conversation in her messages', () => {
    const company = facts('message.create', { fromCompany: true, threadId: THREAD });
    expect(notificationKind(company)).toBe('messageReceived');
    expect(notificationWords(company, t, 'en').sentence).toBe('Northwind Labs sent you a message about Frontend Developer.');
    expect(notificationHref(company)).toBe(`/talent/messages?thread=${THREAD}`);
  });

  it('tells a company reader which talent wrote, and leads through the inbox, selecting the company, to the record’s page', () => {
    const talent = facts('message.create', { fromCompany: false, talentName: 'Ada Lovelace', threadId: THREAD });
    expect(notificationKind(talent)).toBe('messageFromTalent');
    expect(notificationWords(talent, t, 'en').sentence).toBe('Ada Lovelace wrote to Northwind Labs about Frontend Developer.');
    expect(notificationHref(talent)).toBe(`/company/messages?company_id=${COMPANY}&thread=${THREAD}`);
    expect(notificationMail(talent, t, { origin: 'https://talentplace.test', productName: 'Talentplace' }, 'en').subject).toBe('Ada Lovelace wrote to Northwind Labs about Frontend Developer');
  });

  it('does not name a company its ad hides: the sentence says "A company"', () => {
    expect(notificationWords(facts('message.create', { fromCompany: true, companyName: null }), t, 'en').sentence).toBe('A company sent you a message about Frontend Developer.');
  });
});
