import { expect, type Browser, type Page } from '@playwright/test';
import { signInAs } from './demo-session';
import { buildCompanyMenu } from '../../../src/lib/companies/company-menu';
import type { PermissionSet } from '../../../src/lib/permissions/resources';
import rbac from '../../../src/locales/en/rbac.json' with { type: 'json' };
import companies from '../../../src/locales/en/common/companies.json' with { type: 'json' };
import jobAdWords from '../../../src/locales/en/common/job-ads.json' with { type: 'json' };
import jobFieldWords from '../../../src/locales/en/common/job-fields.json' with { type: 'json' };

const memberWords = companies.companies.members;
const roleWords = companies.companies.roles;

// The company area as a person sees it: choosing the company to work in, and the side
// menu, compared with what buildCompanyMenu makes of a permission set (the company side menu's rules).

/** The side menu (the desktop one; the mobile drawer repeats it). */
export const companyMenu = (page: Page) => page.locator('aside').getByRole('navigation', { name: rbac.companyMenu.label });

/** The English labels the company menu shows for these permissions, today's live routes only. */
export function expectedMenuLabels(permissions: PermissionSet): string[] {
  const text = (key: string) => rbac.companyMenu[key.replace('rbac:companyMenu.', '') as keyof typeof rbac.companyMenu];
  return buildCompanyMenu({ currentPath: '/company/dashboard', selectedCompanyId: 'selected', permissions }).flatMap((group) => group.entries.map((entry) => text(entry.labelKey)));
}

/** The labels the side menu shows, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  return companyMenu(page).getByRole('link').allTextContents().then((labels) => labels.map((label) => label.trim()));
}

/** Selects one of the user's verified companies from My Companies, landing on its dashboard. */
export async function selectCompany(page: Page, name: string) {
  await page.goto('/company/my-companies');
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText(name);
}

/** Publishes an on-site ad in Berlin with this title for the selected company; answers its id. */
export async function publishJobAd(page: Page, title: string): Promise<string> {
  const fields = jobFieldWords.jobFields;
  await page.goto('/company/job-ad-create');
  await page.getByLabel(fields.title).fill(title);
  await page.getByLabel(fields.workMode).selectOption('onsite');
  await page.getByLabel(fields.countryCode).selectOption('DE');
  await page.getByLabel(fields.locality).fill('Berlin');
  await page.getByRole('button', { name: jobAdWords.jobAds.saveAndPublish }).click();
  await expect(page).toHaveURL(/\/company\/job-ad\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/**
 * On Members, invites a registered address to the selected company with the role of this
 * name; the person, signed in on `memberPage`, accepts it from their invitations page
 * (nobody joins without acting) and lands in the company.
 */
export async function addMember(page: Page, email: string, roleName: string, memberPage: Page) {
  await page.goto('/company/members');
  await page.getByLabel(memberWords.email).fill(email);
  await page.getByLabel(memberWords.role, { exact: true }).selectOption({ label: roleName });
  await page.getByRole('button', { name: memberWords.invite, exact: true }).click();
  await expect(toast(page, 'Invitation created')).toBeVisible();
  await memberPage.goto('/join-company');
  await memberPage.getByRole('button', { name: /^Accept and join / }).first().click();
  await expect(memberPage).toHaveURL(/\/company\/dashboard/);
  await expect(toast(memberPage, 'You joined the company')).toBeVisible();
}

/** On Members, removes the member with this address (named `name`), confirming. */
export async function removeMember(page: Page, email: string, name: string) {
  await page.goto('/company/members');
  const member = page.locator('li[data-member-id]').filter({ hasText: email });
  await member.getByText(memberWords.remove, { exact: true }).click();
  await member.getByRole('button', { name: `Yes, remove ${name}` }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
}

/** On Roles, deletes the role of this name (it must have no members left), confirming. */
export async function deleteRole(page: Page, roleName: string) {
  await page.goto('/company/roles');
  const row = page.locator('li[data-role-id]').filter({ has: page.getByRole('heading', { name: roleName, exact: true }) });
  await row.locator('summary', { hasText: roleWords.delete }).click();
  await row.getByRole('button', { name: `Yes, delete ${roleName}` }).click();
  await expect(toast(page, 'Role deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
}

/** The owner publishes an ad titled `title` (Northwind Labs) and the demo talent applies to it, in a browser of her own. */
/** Opens the one application an ad received, on its page; answers its id. */
export async function openReceivedApplication(page: Page, adId: string): Promise<string> {
  await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
  const applicationId = (await page.locator('[data-application-id]').first().getAttribute('data-application-id')) ?? '';
  await page.goto(`/company/job-application?id=${applicationId}`);
  return applicationId;
}

export async function talentApplies(page: Page, browser: Browser, title: string) {
  await signInAs(page, 'owner@demo.test', '/company/my-companies');
  await selectCompany(page, 'Northwind Labs');
  const adId = await publishJobAd(page, title);
  const talentContext = await browser.newContext();
  const talent = await talentContext.newPage();
  await signInAs(talent, 'talent@demo.test', '/talent/dashboard');
  await talent.goto(`/job-apply-form?jobAdId=${adId}`);
  await talent.getByRole('button', { name: 'Send application' }).click();
  await expect(talent).toHaveURL(/\/job-apply\/success\?jobAdId=/);
  return { adId, talent, talentContext };
}
