import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import reviewWords from '../../src/locales/en/common/billing-review.json' with { type: 'json' };
import invoiceWords from '../../src/locales/en/common/invoices.json' with { type: 'json' };
import salesWords from '../../src/locales/en/common/company-sales.json' with { type: 'json' };
import assignmentWords from '../../src/locales/en/common/company-assignments.json' with { type: 'json' };
import jobDescriptionWords from '../../src/locales/en/common/job-descriptions.json' with { type: 'json' };
import jobFieldWords from '../../src/locales/en/common/job-fields.json' with { type: 'json' };
import linkWords from '../../src/locales/en/common/company-links.json' with { type: 'json' };
import rosterWords from '../../src/locales/en/common/talent-roster.json' with { type: 'json' };
import talentAssignmentWords from '../../src/locales/en/common/talent-assignments.json' with { type: 'json' };
import talentCompanyWords from '../../src/locales/en/common/talent-companies.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';
import { outboxDirOf } from '../support/built-server';
import { linkIn, waitForMail } from '../support/outbox';

// Company links from scratch: two new accounts each create a company, the platform's admin
// verifies both, the client's owner proposes a partnership to the provider found by name,
// the provider's owner is told and accepts, and the provider then places its own talent with
// the client through an assignment naming both. The talent bills a month of it, the provider
// approves and invoices the billing and reads it in its sales to that client. No seed
// company takes part.
const ADMIN = 'admin@demo.test';
const OWNER = 'owner@demo.test';
const words = linkWords.companyLinks;
const notices = linkWords.notices.companyLinks;
const fields = assignmentWords.companyAssignments.fields;
const required = (label: string) => `${label} ${talentAssignmentWords.assignments.form.required}`;
const optional = (label: string) => `${label} ${talentAssignmentWords.assignments.form.optional}`;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A new account in a context of its own, signed in. */
async function newPerson(browser: Browser, name: string, prefix: string, address = newEmail(prefix)): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = await signUpNewAccount(page, name, address);
  return { page, email };
}

/** Creates a company through the form; answers its id. */
async function createCompany(page: Page, name: string): Promise<string> {
  await page.goto('/company/create');
  await page.getByLabel('Company name').fill(name);
  // Invoices name each party's country: given here, as an owner would.
  await page.getByLabel('Country', { exact: true }).selectOption('DE');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/company\/create\/success\?companyId=/);
  return new URL(page.url()).searchParams.get('companyId')!;
}

async function verifyAsAdmin(admin: Page, name: string) {
  await admin.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
  await admin.getByRole('link', { name: `Review ${name}` }).click();
  await admin.getByRole('button', { name: `Verify ${name}` }).click();
  await expect(toast(admin, 'Company verified')).toBeVisible();
}

test.describe('partner companies', () => {
  test('two companies made from scratch partner up, propose and accept, and run an assignment between them', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const PROVIDER = `E2E Staffing ${stamp}`;
    const CLIENT = `E2E Retail ${stamp}`;
    const TALENT = `Tomas Temp ${stamp}`;
    const provider = await newPerson(browser, `Pia Provider ${stamp}`, 'provider-owner');
    const client = await newPerson(browser, `Carl Client ${stamp}`, 'client-owner');
    const talent = await newPerson(browser, TALENT, 'placed-talent');

    await test.step('each owner creates a company and the admin verifies both', async () => {
      await createCompany(provider.page, PROVIDER);
      await createCompany(client.page, CLIENT);
      await signInAs(page, ADMIN, '/admin/companies');
      await verifyAsAdmin(page, PROVIDER);
      await verifyAsAdmin(page, CLIENT);
    });

    await test.step("the client's owner finds the provider by name and proposes it as provider", async () => {
      const p = client.page;
      await selectCompany(p, CLIENT);
      await companyMenu(p).getByRole('link', { name: rbac.companyMenu.partners }).click();
      await expect(p).toHaveURL(/\/company\/partners$/);
      await expect(p).toHaveTitle(/^Partner companies \| /);
      await expect(p.getByText(words.empty)).toBeVisible();
      await expectNoAxeViolations(p);
      const search = p.getByRole('search', { name: words.proposeHeading });
      await search.getByLabel(words.searchLabel).fill(`staffing ${stamp}`);
      await search.getByRole('button', { name: words.searchButton }).click();
      await expect(p).toHaveURL(/\?q=/);
      const match = p.locator('li[data-company-id]').filter({ hasText: PROVIDER });
      await expect(p.locator('li[data-company-id]')).toHaveCount(1);
      // Without saying what the company would be, the proposal is refused beside its choices.
      await match.getByRole('button', { name: words.proposeTo.replace('{{name}}', PROVIDER) }).click();
      await expect(match.getByText(linkWords.companyLinks.errors.relationRequired)).toBeVisible();
      await expectNoAxeViolations(p);
      await match.getByLabel(words.relationOf.PROVIDES_TO_US).check();
      await match.getByRole('button', { name: words.proposeTo.replace('{{name}}', PROVIDER) }).click();
      await expect(p).toHaveURL(/\/company\/partners$/);
      await expect(toast(p, notices.proposed)).toBeVisible();
      const row = p.locator('li[data-link-id]').filter({ hasText: PROVIDER });
      await expect(row.getByTestId('link-status')).toHaveText(words.statuses.proposedByUs);
      await expect(row).toContainText(words.relationShort.PROVIDES_TO_US);
      await expectNoAxeViolations(p);
      await expectFitsPhoneWidth(p);
    });

    await test.step("the provider's owner is told, and accepts on the partner companies page", async () => {
      const p = provider.page;
      await selectCompany(p, PROVIDER);
      await p.goto('/notifications');
      const told = p.getByRole('link', { name: new RegExp(`${CLIENT} proposes that ${PROVIDER} provides talents to it`) });
      await expect(told).toBeVisible();
      await told.click();
      await expect(p).toHaveURL(/\/company\/partners$/);
      const row = p.locator('li[data-link-id]').filter({ hasText: CLIENT });
      await expect(row.getByTestId('link-status')).toHaveText(words.statuses.proposedToUs);
      await expect(row).toContainText(words.relationShort.WE_PROVIDE_TO);
      await expectNoAxeViolations(p);
      await row.getByRole('button', { name: words.acceptLabel.replace('{{name}}', CLIENT) }).click();
      await expect(toast(p, notices.accepted)).toBeVisible();
      await expect(p.locator('li[data-link-id]').filter({ hasText: CLIENT }).getByTestId('link-status')).toHaveText(words.statuses.accepted);
      await expectFitsPhoneWidth(p);
      await p.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('the provider writes a job for its new client and puts its own talent on its roster', async () => {
      const p = provider.page;
      await p.goto('/company/job-description-create');
      await p.getByLabel(jobFieldWords.jobFields.title).fill(`Shelf planner ${stamp}`);
      await p.getByLabel(jobDescriptionWords.jobDescriptions.clientCompany).selectOption({ label: CLIENT });
      await p.getByLabel(jobFieldWords.jobFields.workMode).selectOption('hybrid');
      await p.getByLabel(jobFieldWords.jobFields.countryCode).selectOption('DE');
      await p.getByLabel(jobFieldWords.jobFields.locality).fill('Hamburg');
      await p.getByRole('button', { name: jobDescriptionWords.jobDescriptions.saveCreate }).click();
      await expect(p).toHaveURL(/\/company\/job-description\?id=/);

      await talent.page.goto('/talent/dashboard');
      await talent.page.getByRole('button', { name: 'Create profile' }).click();
      await expect(talent.page).toHaveURL(/\/talent\/profile$/);
      await p.goto('/company/talent-roster');
      const add = p.getByRole('region', { name: rosterWords.talentRoster.addHeading });
      await add.getByLabel(rosterWords.talentRoster.email).fill(talent.email);
      await add.getByLabel(rosterWords.talentRoster.currency).fill('EUR');
      await add.getByLabel(rosterWords.talentRoster.employmentType).selectOption('freelancer');
      await add.getByRole('button', { name: rosterWords.talentRoster.add }).click();
      await expect(p).toHaveURL(/\/company\/talent-roster-details\?id=/);
      await talent.page.goto('/talent/employers');
      await talent.page.getByRole('button', { name: talentCompanyWords.rosterRequests.acceptLabel.replace('{{company}}', PROVIDER) }).click();
      await expect(toast(talent.page, talentCompanyWords.notices.rosterRequests.accepted)).toBeVisible();
    });

    let assignmentId = '';
    await test.step('the provider places the talent with the client: both partners on the assignment', async () => {
      const p = provider.page;
      await p.goto('/company/talent-assignment-create');
      const provided = p.getByLabel(optional(fields.providerCompanyId), { exact: true });
      // The client is a partner the provider supplies, so it is offered as client, never as provider.
      await expect(p.getByLabel(optional(fields.clientCompanyId), { exact: true }).locator('option', { hasText: CLIENT })).toHaveCount(1);
      await expect(provided.locator('option', { hasText: CLIENT })).toHaveCount(0);
      await p.getByLabel(required(fields.talentProfileId), { exact: true }).selectOption({ label: TALENT });
      const role = p.getByLabel(required(fields.jobDescriptionId), { exact: true });
      await role.selectOption((await role.locator(`optgroup[label="${CLIENT}"] option`).first().getAttribute('value'))!);
      await p.getByLabel(required(fields.currency), { exact: true }).fill('eur');
      await p.getByLabel(required(fields.startDate), { exact: true }).fill('2026-01-05');
      await provided.selectOption({ label: PROVIDER });
      await p.getByRole('button', { name: assignmentWords.companyAssignments.saveCreate }).click();
      await expect(p).toHaveURL(/\/company\/talent-assignment\?id=[0-9a-f-]{36}$/);
      assignmentId = new URL(p.url()).searchParams.get('id')!;
      const details = p.getByRole('region', { name: assignmentWords.companyAssignments.details });
      await expect(details).toContainText(CLIENT);
      await expect(details).toContainText(PROVIDER);
    });

    await test.step('the client reads the assignment, and cannot end the partnership while it runs: the page says why', async () => {
      const p = client.page;
      await p.setViewportSize({ width: 1280, height: 800 });
      await p.goto('/company/talent-assignments');
      await expect(p.locator(`li[data-assignment-id="${assignmentId}"]`)).toBeVisible();
      await p.goto('/company/partners');
      const row = p.locator('li[data-link-id]').filter({ hasText: PROVIDER });
      await expect(row.getByTestId('link-status')).toHaveText(words.statuses.accepted);
      await row.getByText(words.end, { exact: true }).click();
      await row.getByRole('button', { name: words.endConfirmButton.replace('{{name}}', PROVIDER) }).click();
      await expect(p.locator('li[data-link-id]').filter({ hasText: PROVIDER }).getByText(linkWords.companyLinks.errors.linkInUse)).toBeVisible();
      await expect(p.locator('li[data-link-id]').filter({ hasText: PROVIDER }).getByTestId('link-status')).toHaveText(words.statuses.accepted);
      await expectNoAxeViolations(p);
    });

    let billingId = '';
    let period = '';
    await test.step('the talent adds her bank account and bills a month of the assignment to the provider', async () => {
      const t = talent.page;
      await t.goto('/talent/billing?action=payment-profile');
      const profile = t.getByRole('region', { name: 'Edit payment profile' });
      await profile.getByLabel('Payout currency').fill('EUR');
      await profile.getByLabel('Account holder').fill(TALENT);
      await profile.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
      await profile.getByRole('button', { name: 'Save payment profile' }).click();
      await expect(t).toHaveURL(/\/talent\/billing#payment-profile$/);

      await t.goto(`/talent/billing?action=new&assignment=${assignmentId}`);
      const form = t.getByRole('region', { name: 'New billing' });
      await expect(form.getByTestId('billing-sent-to')).toContainText(PROVIDER);
      const line = form.getByRole('group', { name: 'Line 1', exact: true });
      await line.getByLabel('Description', { exact: true }).fill('Shelf planning');
      await line.getByLabel('Unit', { exact: true }).selectOption('DAY');
      await line.getByLabel('Quantity', { exact: true }).fill('10');
      await line.getByLabel('Price per unit').fill('500');
      await form.getByRole('button', { name: 'Save draft' }).click();
      await expect(t).toHaveURL(/\/talent\/billing\?id=[0-9a-f-]{36}$/);
      billingId = new URL(t.url()).searchParams.get('id')!;
      const card = t.getByRole('article');
      period = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
      await card.getByRole('button', { name: `Send the billing for ${period}` }).click();
      await expect(card.getByTestId('billing-status')).toHaveText('Sent');
    });

    await test.step('the provider approves it, warned that the bank details await verification, and invoices it', async () => {
      const p = provider.page;
      await p.goto(`/company/billing?id=${billingId}`);
      await expect(p.getByTestId('unverified-bank-details')).toBeVisible();
      await p.getByRole('button', { name: reviewWords.billingReview.approve }).click();
      await expect(toast(p, reviewWords.notices.billingReview.approved)).toBeVisible();
      await expect(p.getByTestId('unverified-bank-details')).toHaveCount(0);
      await p.getByLabel(invoiceWords.invoices.draft.vatRate).fill('19');
      await p.getByRole('button', { name: invoiceWords.invoices.draft.submit }).click();
      await expect(p).toHaveURL(/\/company\/invoicing\?id=/);
      await p.getByRole('button', { name: invoiceWords.invoices.issue }).click();
      await expect(toast(p, invoiceWords.notices.invoices.issued)).toBeVisible();
      await expect(p.getByTestId('invoice-state')).toHaveText(invoiceWords.invoices.states.UNPAID);
    });

    await test.step('the provider reads the month in its sales to the client', async () => {
      const p = provider.page;
      await companyMenu(p).getByRole('link', { name: rbac.companyMenu.sales }).click();
      await expect(p).toHaveURL(/\/company\/sales/);
      const row = p.getByTestId('sales-row').filter({ has: p.getByTestId('client').filter({ hasText: CLIENT }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('billed')).toContainText('5,000.00');
      await expect(p.getByText(salesWords.companySales.empty)).toHaveCount(0);
    });
  });

  test('a company not on the platform is invited by e-mail: its owner signs up, creates it and accepts from the link; another invitation is withdrawn', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const INVITED = `E2E Invited Agency ${stamp}`;
    const invitedEmail = newEmail('link-invitee');
    const withdrawnEmail = newEmail('link-withdrawn');
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    await test.step("Northwind's owner invites two addresses as providers, a wrong address refused beside its field", async () => {
      await page.goto('/company/partners');
      const invite = page.getByRole('region', { name: words.inviteHeading });
      await invite.getByLabel(words.emailLabel).fill('not-an-address');
      await invite.getByLabel(words.relationOf.PROVIDES_TO_US).check();
      await invite.getByRole('button', { name: words.invite }).click();
      await expect(page.getByRole('region', { name: words.inviteHeading }).getByText(words.errors.emailInvalid)).toBeVisible();
      await expect(page.getByRole('region', { name: words.inviteHeading }).getByLabel(words.emailLabel)).toHaveValue('not-an-address');
      for (const address of [invitedEmail, withdrawnEmail]) {
        const form = page.getByRole('region', { name: words.inviteHeading });
        await form.getByLabel(words.emailLabel).fill(address);
        await form.getByLabel(words.relationOf.PROVIDES_TO_US).check();
        await form.getByRole('button', { name: words.invite }).click();
        await expect(toast(page, notices.invited)).toBeVisible();
        await expect(page.locator('li[data-invitation-id]').filter({ hasText: address })).toHaveCount(1);
      }
      await expectNoAxeViolations(page);
    });

    await test.step('the second invitation is withdrawn and leaves the list', async () => {
      await page.getByRole('button', { name: words.withdrawInvitationLabel.replace('{{email}}', withdrawnEmail) }).click();
      await expect(page.locator('li[data-invitation-id]').filter({ hasText: withdrawnEmail })).toHaveCount(0);
      await expect(page.locator('li[data-invitation-id]').filter({ hasText: invitedEmail })).toHaveCount(1);
    });

    const invitee = await newPerson(browser, `Ines Invitee ${stamp}`, 'link-invitee', invitedEmail);
    await test.step('the invited owner signs up under that address, creates the company and the admin verifies it', async () => {
      await createCompany(invitee.page, INVITED);
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signInAs(admin, ADMIN, '/admin/companies');
      await verifyAsAdmin(admin, INVITED);
      await adminContext.close();
    });

    await test.step('the link in the mail opens the invitation, and the owner accepts it for the new company', async () => {
      const p = invitee.page;
      const appOrigin = new URL(p.url()).origin;
      const mail = await waitForMail(outboxDirOf(appOrigin), invitedEmail, { subject: /invites your company to partner/ });
      await selectCompany(p, INVITED);
      await p.goto(linkIn(mail, `${appOrigin}/company/partners`));
      const received = p.getByRole('region', { name: words.received.heading });
      await expect(received).toContainText('Northwind Labs');
      await expect(received).toContainText(linkWords.companyLinks.receivedRelation.PROVIDES_TO_US);
      await expectNoAxeViolations(p);
      await received.getByRole('button', { name: words.received.acceptFor.replace('{{name}}', INVITED) }).click();
      await expect(p.locator('li[data-link-id]').filter({ hasText: 'Northwind Labs' }).getByTestId('link-status')).toHaveText(words.statuses.accepted);
      await expect(p.getByRole('region', { name: words.received.heading })).toHaveCount(0);
    });

    await test.step("Northwind reads the partnership running and the invitation gone from its list", async () => {
      await page.goto('/company/partners');
      const row = page.locator('li[data-link-id]').filter({ hasText: INVITED });
      await expect(row.getByTestId('link-status')).toHaveText(words.statuses.accepted);
      await expect(row).toContainText(words.relationShort.PROVIDES_TO_US);
      await expect(page.locator('li[data-invitation-id]').filter({ hasText: invitedEmail })).toHaveCount(0);
    });
  });
});
