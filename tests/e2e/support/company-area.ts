import { expect, type Page } from '@playwright/test';
import { buildCompanyMenu } from '../../../src/lib/companies/company-menu';
import type { PermissionSet } from '../../../src/lib/permissions/resources';
import rbac from '../../../src/locales/en/rbac.json' with { type: 'json' };

// The company area as a person sees it: choosing the company to work in, and the side
// menu, compared with what buildCompanyMenu makes of a permission set (spec §2 menu rules).

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
