import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { notificationMail } from '../../../src/lib/notifications/notification-text';
import { applicationCardId, cardMoveChoices, previewAroundReason, REASON_PLACEHOLDER, rejectionMailPreview, returnToCard } from '../../../src/lib/job-applications/card-actions';
import { activeApplicationFilterCount, readApplicationFilters } from '../../../src/lib/job-applications/job-application-pages';
import { boardFits } from '../../../src/lib/job-applications/pipeline';
import { reviewHref } from '../../../src/lib/job-applications/review-mode';

const steps = [
  { id: 'applied', stepName: 'Applied', group: 'IN_PROGRESS' },
  { id: 'screening', stepName: 'Screening', group: 'IN_PROGRESS' },
  { id: 'hired', stepName: 'Hired', group: 'HIRED' },
  { id: 'rejected', stepName: 'Rejected', group: 'REJECTED' },
  { id: 'withdrawn', stepName: 'Withdrawn', group: 'WITHDRAWN' },
];
const t = getTranslator(['common']);
const site = { origin: 'https://talentplace.example', productName: 'Talentplace' };
const AD = '11111111-1111-4111-8111-111111111111';

describe("a card's one control", () => {
  it('moves to a step that needs no reason, never the one the application is in, and rejects into the first rejected step', () => {
    const { moveTo, rejectStep } = cardMoveChoices(steps, 'applied');
    expect(moveTo.map((step) => step.id)).toEqual(['screening', 'hired']);
    expect(rejectStep?.id).toBe('rejected');
  });

  it('offers no reject once the application has ended: rejected already, or withdrawn by its talent', () => {
    expect(cardMoveChoices(steps, 'rejected').rejectStep).toBeNull();
    expect(cardMoveChoices(steps, 'withdrawn').rejectStep).toBeNull();
    expect(cardMoveChoices(steps, 'rejected').moveTo.map((step) => step.id)).toEqual(['applied', 'screening', 'hired']);
  });

  it('offers no reject where the company has no rejected step', () => {
    expect(cardMoveChoices(steps.filter((step) => step.group !== 'REJECTED'), null).rejectStep).toBeNull();
  });
});

describe('the rejection mail preview', () => {
  const application = { id: '22222222-2222-4222-8222-222222222222', title: 'Frontend Developer' };
  const company = { id: '33333333-3333-4333-8333-333333333333', name: 'Northwind Labs' };

  it('is the mail the product sends when the rejection reaches the talent (Not selected), reason included and no step name', () => {
    const preview = rejectionMailPreview(t, application, company, 'Another candidate was chosen', site, 'en');
    const sent = notificationMail(
      { type: 'talentJobApplicationStatus.create', entityId: application.id, companyId: company.id, companyName: company.name, title: application.title, step: null, stepGroup: null, talentStatus: 'NOT_SELECTED', reason: 'Another candidate was chosen', status: null, billingPeriod: null, invoiceNumber: null, document: null },
      t,
      site,
      'en',
    );
    expect(preview).toEqual(sent);
    expect(preview.text).toContain('Northwind Labs did not select your application for Frontend Developer.');
    expect(preview.text).toContain('Another candidate was chosen');
    expect(preview.text).not.toContain('Rejected');
  });

  it('before a reason is chosen, holds its place once, for the page to fill', () => {
    const preview = rejectionMailPreview(t, application, company, null, site, 'en');
    expect(preview.text.split(REASON_PLACEHOLDER)).toHaveLength(2);
  });

  it('cuts around its reason line, so that an unshared reason can be hidden', () => {
    const parts = previewAroundReason(t, rejectionMailPreview(t, application, company, null, site, 'en').text);
    expect(parts.before).toContain('did not select');
    expect(`${parts.reasonBefore}x${parts.reasonAfter}`).toBe('Reason: x');
    expect(parts.after).not.toContain(REASON_PLACEHOLDER);
  });
});

describe('a post from a card returns to the card', () => {
  it('lands on the same address at the card, dropping any fragment it had', () => {
    expect(returnToCard(`/company/received-job-applications?view=board&jobAdId=${AD}#old`, 'abc')).toBe(`/company/received-job-applications?view=board&jobAdId=${AD}#${applicationCardId('abc')}`);
    expect(returnToCard('/company/received-job-applications?q=x', null)).toBe('/company/received-job-applications?q=x');
  });
});

describe('the board fits at 1280 px', () => {
  it('with empty columns collapsed, a pipeline of seven steps with up to three filled fits; with more it scrolls (and says so)', () => {
    expect(boardFits([1, 0, 0, 0, 0, 0, 0])).toBe(true);
    expect(boardFits([5, 2, 1, 0, 0, 0, 0])).toBe(true);
    expect(boardFits([5, 2, 1, 1, 0, 0, 0])).toBe(false);
  });
});

describe('the filter toggle on phones', () => {
  const url = (query: string) => new URL(`https://x.test/company/received-job-applications?${query}`);

  it('counts the filters in force; on a board its job ad is what it shows, not a filter', () => {
    expect(activeApplicationFilterCount(readApplicationFilters(url(`jobAdId=${AD}&q=ana&stuck=yes`)))).toBe(3);
    expect(activeApplicationFilterCount(readApplicationFilters(url(`view=board&jobAdId=${AD}&q=ana`)))).toBe(1);
    expect(activeApplicationFilterCount(readApplicationFilters(url('')))).toBe(0);
  });
});

describe('review mode', () => {
  it("opens an application within the board's filters, and with none, by its id alone", () => {
    const filters = readApplicationFilters(new URL(`https://x.test/?view=board&jobAdId=${AD}&sort=OLDEST&q=ana`));
    expect(reviewHref('abc', filters)).toBe(`/company/job-application?id=abc&view=board&jobAdId=${AD}&q=ana&sort=OLDEST`);
    expect(reviewHref('abc', readApplicationFilters(new URL('https://x.test/')))).toBe('/company/job-application?id=abc');
  });
});
