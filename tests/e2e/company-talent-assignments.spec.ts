import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import assignmentWords from '../../src/locales/en/common/company-assignments.json' with { type: 'json' };
import talentAssignmentWords from '../../src/locales/en/common/talent-assignments.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Company talent assignments: the demo owner places the demo talent (on Northwind Labs' roster) on one of
// Northwind's job descriptions through the pages, finds the assignment in the list and on
// its page, edits it, and the talent sees it on /talent/assignments. The assignment starts
// years ahead, so the seeded current assignments other specs read stay as they are.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const TALENT = 'talent@demo.test';
const TALENT_NAME = 'Tara Talent';
const words = assignmentWords.companyAssignments;
const fields = words.fields;
const notices = assignmentWords.notices.companyAssignments;
const required = (label: string) => `${label} ${talentAssignmentWords.assignments.form.required}`;
const optional = (label: string) => `${label} ${talentAssignmentWords.assignments.form.optional}`;

/** Chooses the first option of `select` whose text starts with `text`; answers that text. */
async function chooseStartingWith(select: Locator, text: string): Promise<string> {
  const option = select.locator('option').filter({ hasText: new RegExp(`^${text}`) }).first();
  const value = (await option.getAttribute('value'))!;
  await select.selectOption(value);
  return (await option.textContent())!.trim();
}

/** Chooses the first job description written for `client`; answers its title. */
async function chooseRoleFor(page: Page, client: string): Promise<string> {
  const select = page.getByLabel(required(fields.jobDescriptionId), { exact: true });
  const option = select.locator(`optgroup[label="${client}"] option`).first();
  await select.selectOption((await option.getAttribute('value'))!);
  return (await option.textContent())!.trim();
}

test.describe('company talent assignments', () => {
  test('the owner places a talent, finds and edits the assignment, and the talent sees it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const marker = `E2E ${Date.now().toString(36)}`;
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentAssignments }).click();
    await expect(page).toHaveURL(/\/company\/talent-assignments$/);
    await expect(page).toHaveTitle(/^Talent assignments \| /);
    // The seed's two assignments of the demo talent have Northwind as their client.
    await expect(page.locator('li[data-assignment-id]').filter({ hasText: TALENT_NAME })).not.toHaveCount(0);
    await expectNoAxeViolations(page);

    let role = '';
    await test.step('a form with mistakes comes back with what was typed and a message per field', async () => {
      await page.getByRole('link', { name: words.create }).click();
      await expect(page).toHaveURL(/\/company\/talent-assignment-create$/);
      await expectNoAxeViolations(page);
      await chooseStartingWith(page.getByLabel(required(fields.talentProfileId), { exact: true }), TALENT_NAME);
      role = await chooseRoleFor(page, 'Northwind Labs');
      await page.getByLabel(required(fields.startDate), { exact: true }).fill('2032-03-01');
      await page.getByLabel(optional(fields.endDate), { exact: true }).fill('2032-02-01');
      await page.getByLabel(optional(fields.team), { exact: true }).fill(`Team ${marker}`);
      await page.getByRole('button', { name: words.saveCreate }).click();
      await expect(page.getByRole('alert').filter({ hasText: words.invalid })).toBeVisible();
      await expect(page.getByText(words.errors.currencyRequired)).toBeVisible();
      await expect(page.getByText(words.errors.endBeforeStart)).toBeVisible();
      await expect(page.getByLabel(optional(fields.endDate), { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(optional(fields.team), { exact: true })).toHaveValue(`Team ${marker}`);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('completed, it is created and shown on its page', async () => {
      await page.getByLabel(required(fields.currency), { exact: true }).fill('eur');
      await page.getByLabel(optional(fields.endDate), { exact: true }).fill('2032-08-31');
      await page.getByLabel(optional(fields.costCenter), { exact: true }).fill('NW-E2E-18');
      await page.getByLabel(optional(fields.talentNote), { exact: true }).fill(`Report hours monthly. ${marker}`);
      await page.getByLabel(fields.clientPricesIsVisibleToTalent).check();
      await page.getByRole('button', { name: words.saveCreate }).click();
      await expect(page).toHaveURL(/\/company\/talent-assignment\?id=[0-9a-f-]{36}$/);
      await expect(page.getByRole('status').filter({ hasText: notices.created }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: TALENT_NAME })).toBeVisible();
      const details = page.getByRole('region', { name: words.details });
      await expect(details).toContainText(role);
      await expect(details).toContainText(`Team ${marker}`);
      await expect(details).toContainText('EUR');
      await expect(details).toContainText(words.clientPricesShown);
      await expect(page.locator('#talent-assignment [data-status]')).toHaveText(talentAssignmentWords.assignments.status.UPCOMING);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    const detailUrl = page.url();
    const id = new URL(detailUrl).searchParams.get('id')!;
    await test.step('it is in the list, found by the filters in the address', async () => {
      await page.goto('/company/talent-assignments');
      await chooseStartingWith(page.getByLabel(words.talent, { exact: true }), TALENT_NAME);
      await page.getByLabel(words.status, { exact: true }).selectOption('upcoming');
      await page.getByLabel(words.q).fill(role);
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/status=upcoming/);
      await expect(page.locator(`li[data-assignment-id="${id}"]`)).toBeVisible();
      await expect(page.locator('li[data-assignment-id] [data-status]').filter({ hasNotText: talentAssignmentWords.assignments.status.UPCOMING })).toHaveCount(0);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('edited, it says so and shows the change', async () => {
      await page.goto(detailUrl);
      await page.getByRole('link', { name: words.edit, exact: true }).click();
      await expect(page).toHaveURL(/\/company\/talent-assignment-edit\?id=/);
      await expect(page.getByText(TALENT_NAME).first()).toBeVisible();
      await expect(page.getByLabel(required(fields.currency), { exact: true })).toHaveValue('EUR');
      await page.getByLabel(optional(fields.team), { exact: true }).fill(`Edited ${marker}`);
      await page.getByLabel(fields.clientPricesIsVisibleToTalent).uncheck();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: words.save }).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(page.getByRole('status').filter({ hasText: notices.updated }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: words.details })).toContainText(`Edited ${marker}`);
      await expect(page.getByRole('region', { name: words.details })).toContainText(words.clientPricesHidden);
    });

    await test.step('the talent sees it among their assignments', async () => {
      const talent = await browser.newContext();
      const talentPage = await talent.newPage();
      await signInAs(talentPage, TALENT, '/talent/assignments');
      await expect(talentPage.locator(`a[href="/talent/assignment?id=${id}"]`)).toBeVisible();
      await talentPage.goto(`/talent/assignment?id=${id}`);
      await expect(talentPage.getByRole('heading', { level: 1 })).toHaveText(role);
      await expect(talentPage.getByText(`Edited ${marker}`)).toBeVisible();
      await expect(talentPage.getByText(`Report hours monthly. ${marker}`)).toBeVisible();
      await talent.close();
    });
  });

  test("the provider reads the client's job description by its title; the client's page links it, and it opens", async ({ page }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    // The seed's three-party assignment: a Northwind job description, Brightpath providing the talent.
    await page.goto('/company/talent-assignments');
    const provided = page.locator('li[data-assignment-id]').filter({ hasText: TALENT_NAME }).filter({ hasText: `${words.provider}:` }).first();
    const id = (await provided.getAttribute('data-assignment-id'))!;
    await page.goto(`/company/talent-assignment?id=${id}`);
    const details = page.getByRole('region', { name: words.details });
    const role = details.locator('dt', { hasText: words.role }).locator('xpath=following-sibling::dd[1]');
    const title = (await role.textContent())!.trim();
    expect(title).not.toBe(words.none);
    // Northwind's page would be a 404 in Brightpath: no link to it.
    await expect(role.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await selectCompany(page, 'Northwind Labs');
    await page.goto(`/company/talent-assignment?id=${id}`);
    await role.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/company\/job-description\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test("another of the owner's companies' assignment selects that company, a role without jobAssignment gets 403, billings keep an assignment", async ({ page, browser }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    // The seeded direct assignment (no provider) has billings: no delete button, the reason instead.
    await page.goto('/company/talent-assignments?status=current');
    const seeded = page.locator('li[data-assignment-id]').filter({ hasText: TALENT_NAME }).filter({ hasNotText: `${words.provider}:` }).first();
    const seededId = (await seeded.getAttribute('data-assignment-id'))!;
    // Asked from the list, the refusal says why, and the assignment stays.
    await seeded.locator('summary', { hasText: words.delete }).click();
    await seeded.getByRole('button', { name: words.deleteConfirmButton }).click();
    await expect(page.getByRole('alert').filter({ hasText: assignmentWords.companies.errors.jobAssignmentHasMoneyRows })).toBeVisible();
    await expect(page.locator(`li[data-assignment-id="${seededId}"]`)).toHaveCount(1);
    await page.goto(`/company/talent-assignment?id=${seededId}`);
    await expect(page.getByText(assignmentWords.companies.errors.jobAssignmentHasMoneyRows)).toBeVisible();
    await expect(page.getByText(words.delete, { exact: true })).toHaveCount(0);

    // Brightpath takes no part in Northwind's direct assignment: the owner, who is in both,
    // is taken to Northwind, which does (an unknown id stays a 404).
    await selectCompany(page, 'Brightpath Consulting');
    await page.goto(`/company/talent-assignment-edit?id=${seededId}`);
    await expect(page).toHaveURL(new RegExp(`/company/talent-assignment-edit\\?id=${seededId}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Company has been changed' })).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText('Northwind Labs');
    expect((await page.goto('/company/talent-assignment?id=00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);

    const recruiter = await browser.newContext();
    const recruiterPage = await recruiter.newPage();
    await signInAs(recruiterPage, RECRUITER, '/company/my-companies');
    await selectCompany(recruiterPage, 'Northwind Labs');
    await expect(companyMenu(recruiterPage).getByRole('link', { name: rbac.companyMenu.talentAssignments })).toHaveCount(0);
    expect((await recruiterPage.goto('/company/talent-assignments'))?.status()).toBe(403);
    expect((await recruiterPage.goto('/company/talent-assignment-create'))?.status()).toBe(403);
    await recruiter.close();
  });
});
