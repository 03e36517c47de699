import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import account from '../../src/locales/en/common/account.json' with { type: 'json' };
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import savedWords from '../../src/locales/en/common/saved-talents.json' with { type: 'json' };
import searchWords from '../../src/locales/en/common/talent-search.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { addMember, companyMenu, deleteRole, removeMember, selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// A talent's profile as a company sees it, shown on the talent
// search's route (?profile=<id>): the demo recruiter opens the demo talent (who applied to
// Northwind, so her contact details show) from the search results, saves her to a new list,
// sees the list on the profile, removes her and saves her again into the same list, and goes
// back to the same results. A member whose role may not read talent profiles gets 403.
const RECRUITER = 'recruiter@demo.test';
const OWNER = 'owner@demo.test';
const NORTHWIND = 'Northwind Labs';
const TALENT_NAME = 'Tara Talent';
const words = searchWords.talentSearch;
const profileWords = words.profile;
const saved = savedWords.savedTalents;
const notices = savedWords.notices.savedTalents;

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const listsSection = (page: Page) => page.getByRole('region', { name: profileWords.listsHeading });

test.describe('a talent profile as a company sees it', () => {
  test('the recruiter opens a profile from the search, saves the talent to a new list and sees it there', async ({ page }) => {
    test.setTimeout(90_000);
    const label = `Profile picks ${Date.now().toString(36)}`;
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentSearch }).click();
    await page.getByLabel(words.q).fill(TALENT_NAME);
    await page.getByRole('button', { name: words.search }).click();
    const card = page.locator('[data-talent-id]').filter({ has: page.getByRole('heading', { name: TALENT_NAME, exact: true }) });
    await expect(card).toHaveCount(1);
    const talentId = (await card.getAttribute('data-talent-id'))!;
    const searchAddress = page.url();

    await test.step('the name opens the profile: the summary, and contact details since she applied to Northwind', async () => {
      await card.getByRole('link', { name: TALENT_NAME }).click();
      await expect(page).toHaveURL(new RegExp(`/company/talent-search\\?q=Tara\\+Talent.*&profile=${talentId}$`));
      await expect(page).toHaveTitle(new RegExp(`^${TALENT_NAME} \\| `));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TALENT_NAME);
      await expect(page.getByRole('heading', { level: 2, name: account.profileSummary.skills })).toBeVisible();
      await expect(page.getByText('React', { exact: true }).first()).toBeVisible();
      const contact = page.getByRole('region', { name: profileWords.contactHeading });
      await expect(contact.getByRole('link', { name: DEMO_TALENT })).toHaveAttribute('href', `mailto:${DEMO_TALENT}`);
      // The seed keeps her in one of Northwind's lists already; the new one is not there yet.
      await expect(listsSection(page).getByRole('link', { name: label })).toHaveCount(0);
      // The talent search's menu entry stays the current page.
      await expect(companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentSearch })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page);
    });

    await test.step('saved to a new list, the list shows on the profile', async () => {
      await listsSection(page).getByLabel(profileWords.newListLabel).fill(label);
      await listsSection(page).getByRole('button', { name: profileWords.saveToNewList }).click();
      await expect(toast(page, notices.savedToNewList)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`profile=${talentId}#talent-lists$`));
      await expect(listsSection(page).getByRole('link', { name: label })).toHaveAttribute('href', /\/company\/talent-saved\?listId=/);
      // A second list of the same name is refused at the field, as typed.
      await page.goto(`/company/talent-search?profile=${talentId}`);
      await listsSection(page).getByLabel(profileWords.newListLabel).fill(label);
      await listsSection(page).getByRole('button', { name: profileWords.saveToNewList }).click();
      await expect(listsSection(page).getByLabel(profileWords.newListLabel)).toHaveAccessibleDescription(saved.errors.labelTaken);
      await expect(listsSection(page).getByLabel(profileWords.newListLabel)).toHaveValue(label);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('removed from the list, then saved into it again from the list choice', async () => {
      await page.goto(`/company/talent-search?profile=${talentId}`);
      await listsSection(page).getByRole('button', { name: saved.removeLabel.replace('{{name}}', TALENT_NAME).replace('{{list}}', label) }).click();
      await expect(toast(page, notices.removed)).toBeVisible();
      await expect(listsSection(page).getByRole('link', { name: label })).toHaveCount(0);
      await listsSection(page).getByLabel(profileWords.saveToListLabel.replace('{{name}}', TALENT_NAME)).selectOption({ label });
      await listsSection(page).getByRole('button', { name: profileWords.save, exact: true }).click();
      await expect(toast(page, notices.saved)).toBeVisible();
      await expect(listsSection(page).getByRole('link', { name: label })).toBeVisible();
    });

    await test.step('the list leads to Saved talents, whose talent names lead back to the profile', async () => {
      await listsSection(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(/\/company\/talent-saved\?listId=/);
      await page.locator('[data-saved-talent-id]').getByRole('link', { name: TALENT_NAME }).click();
      await expect(page).toHaveURL(new RegExp(`/company/talent-search\\?profile=${talentId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TALENT_NAME);
    });

    await test.step('back to the same results, where the card says which list holds her', async () => {
      await page.goto(`${searchAddress.replace(/#.*$/, '')}&profile=${talentId}`);
      await page.getByRole('link', { name: profileWords.back }).click();
      await expect(page).toHaveURL(new RegExp(`/company/talent-search\\?q=Tara\\+Talent.*#talent-${talentId}$`));
      await expect(card.getByText(new RegExp(`^${saved.savedIn.replace('{{lists}}', '')}`))).toContainText(label);
    });

    await test.step('an unknown talent is the not-found page', async () => {
      const missing = await page.goto(`/company/talent-search?profile=${randomUUID()}`);
      expect(missing?.status()).toBe(404);
    });
  });

  test('a member whose role may not read talent profiles gets 403 on a profile', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const roleName = `E2E No profiles ${Date.now()}`;
    const roleWords = companies.companies.roles;
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const memberName = `E2E Profile Outsider ${Date.now()}`;
    const memberEmail = await signUpNewAccount(memberPage, memberName, newEmail('no-profiles'));
    const roleForm = page.locator('#role-form');

    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    // The Recruiter template, less reading talent profiles.
    await page.goto('/company/roles?edit=new');
    await roleForm.getByLabel(roleWords.name).fill(roleName);
    await roleForm.getByRole('checkbox', { name: `${rbac.resources.talentProfile}: read`, exact: true }).uncheck();
    await roleForm.getByRole('button', { name: roleWords.create }).click();
    await expect(toast(page, 'Role created')).toBeVisible();
    await addMember(page, memberEmail, roleName, memberPage);

    await memberPage.goto('/company/dashboard');
    await expect(memberPage.getByTestId('company-name')).toHaveText(NORTHWIND);
    const refused = await memberPage.goto(`/company/talent-search?profile=${randomUUID()}`);
    expect(refused?.status()).toBe(403);
    await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    await memberContext.close();

    // The member and the role are taken out again, so the seeded company stays as it was.
    await removeMember(page, memberEmail, memberName);
    await deleteRole(page, roleName);
  });
});
