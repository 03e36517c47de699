import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { RECRUITER_PERMISSIONS, type PermissionMatrix } from '../../src/lib/companies/company-roles';
import { effectivePermissions } from '../../src/lib/permissions/effective-permissions';
import { PERMISSION_RESOURCES, type PermissionResource } from '../../src/lib/permissions/resources';
import { NORTHWIND_COMPANY_PERMISSIONS } from '../../src/server/db/seed/companies';
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { addMember, companyMenu, deleteRole, expectedMenuLabels, menuLabels, removeMember, selectCompany } from './support/company-area';
import { expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The Roles page (Company Management → Roles, the companyRole entity, the permission matrix). owner@ (README demo
// accounts) is the only owner of Northwind Labs, whose own permission set limits job ads
// (no delete); recruiter@ is a recruiter there. The test makes its own role and member
// and takes both out again, so the seeded roles and members stay as they are.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const ROLES = '/company/roles';
const MEMBERS = '/company/members';
const NORTHWIND = 'Northwind Labs';
const words = companies.companies.roles;
const errors = companies.companies.errors;

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const roleRow = (page: Page, name: string) => page.locator('li[data-role-id]').filter({ has: page.getByRole('heading', { name, exact: true }) });
const roleForm = (page: Page) => page.locator('#role-form');
/** A row's disclosure (Permissions, Delete) by its visible text; the matrix inside repeats the words. */
const disclosure = (row: ReturnType<Page['locator']>, text: string) => row.locator('summary', { hasText: text });
const box = (page: Page, area: string, action: 'read' | 'create' | 'update' | 'delete') => roleForm(page).getByRole('checkbox', { name: `${area}: ${action}`, exact: true });

/** What a member holding the role may do in Northwind: the role merged with the company's own set (the permission merge). */
const inNorthwind = (role: PermissionMatrix) => effectivePermissions({ company: { verificationStatus: 'verified', permissions: NORTHWIND_COMPANY_PERMISSIONS }, role: { permissions: role } })!;

test.describe('company roles', () => {
  test('the owner makes a role with its own matrix; a member holding it sees what it allows; edits, refusals and deletion', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const roleName = `E2E Sourcer ${Date.now()}`;
    const renamed = `${roleName} edited`;
    // The Recruiter template without job ads, plus reading members and the talent roster.
    const custom: PermissionMatrix = structuredClone(RECRUITER_PERMISSIONS);
    custom.jobAd = { read: false, create: false, update: false, delete: false };
    custom.companyOnUser!.read = true;
    custom.companyTalentRoster!.read = true;

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const memberName = `E2E Role Holder ${Date.now()}`;
    const memberEmail = await signUpNewAccount(memberPage, memberName, newEmail('role-holder'));

    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.roles }).click();
    await expect(page).toHaveURL(new RegExp(`${ROLES}$`));
    await expect(page).toHaveTitle(/^Roles \| /);
    await expect(roleRow(page, 'Owner').getByText(words.ownerBadge, { exact: true })).toBeVisible();
    await expect(roleRow(page, 'Owner').getByRole('link', { name: 'Edit Owner' })).toHaveCount(0);

    await test.step("the company's own permission set is shown read-only: job ads limited (no delete), the rest left to the roles", async () => {
      const own = page.getByRole('region', { name: words.companyHeading });
      await expect(own.getByRole('checkbox')).toHaveCount(0);
      expect(await own.getByRole('row').filter({ hasText: rbac.resources.jobAd }).locator('[data-allowed]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-allowed')))).toEqual(['true', 'true', 'true', 'false']);
      await expect(own.getByText(words.companyNotLimited)).toHaveCount(14);
    });
    await expectNoAxeViolations(page);

    await test.step('a new role starts from the Recruiter permissions; an empty name is refused at the field, the ticks kept', async () => {
      await page.getByRole('link', { name: words.addRole }).click();
      await expect(page).toHaveURL(/\?edit=new#role-form$/);
      await expect(roleForm(page).getByRole('heading', { name: words.newHeading })).toBeVisible();
      await expect(box(page, rbac.resources.jobAd, 'create')).toBeChecked();
      await expect(box(page, rbac.resources.companyRole, 'read')).not.toBeChecked();
      await expectNoAxeViolations(page);
      for (const action of ['read', 'create', 'update'] as const) await box(page, rbac.resources.jobAd, action).uncheck();
      // Keyboard: Space ticks the focused box.
      await box(page, rbac.resources.companyOnUser, 'read').focus();
      await page.keyboard.press('Space');
      await box(page, rbac.resources.companyTalentRoster, 'read').check();
      await roleForm(page).getByRole('button', { name: words.create }).click();
      await expect(roleForm(page).getByLabel(words.name)).toHaveAccessibleDescription(escaped(errors.roleNameRequired));
      await expect(box(page, rbac.resources.companyOnUser, 'read')).toBeChecked();
      await expect(box(page, rbac.resources.jobAd, 'read')).not.toBeChecked();
    });

    await test.step('a name the company already has is refused at the field', async () => {
      await roleForm(page).getByLabel(words.name).fill('recruiter');
      await roleForm(page).getByRole('button', { name: words.create }).click();
      await expect(roleForm(page).getByLabel(words.name)).toHaveAccessibleDescription(escaped(errors.roleNameTaken));
      await expect(roleForm(page).getByLabel(words.name)).toHaveValue('recruiter');
    });

    await test.step('created, it is listed with no members and its matrix', async () => {
      await roleForm(page).getByLabel(words.name).fill(roleName);
      await roleForm(page).getByRole('button', { name: words.create }).click();
      await expect(toast(page, 'Role created')).toBeVisible();
      const row = roleRow(page, roleName);
      // Back on the list, at the new role.
      await expect(page).toHaveURL(new RegExp(`${ROLES}#role-${await row.getAttribute('data-role-id')}$`));
      await expect(row.getByText(words.members_zero)).toBeVisible();
      await disclosure(row, words.showPermissions).click();
      const jobAds = row.getByRole('row').filter({ hasText: rbac.resources.jobAd }).locator('[data-allowed]');
      expect(await jobAds.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-allowed')))).toEqual(['false', 'false', 'false', 'false']);
    });

    await test.step('a member holding it sees exactly the menu it allows, opens Members and gets 403 on Roles', async () => {
      await addMember(page, memberEmail, roleName, memberPage);

      await memberPage.goto('/company/dashboard');
      await expect(memberPage.getByTestId('company-name')).toHaveText(NORTHWIND);
      expect(await menuLabels(memberPage)).toEqual(expectedMenuLabels(inNorthwind(custom)));
      await expect(companyMenu(memberPage).getByRole('link', { name: rbac.companyMenu.members })).toBeVisible();
      expect((await memberPage.goto(MEMBERS))?.status()).toBe(200);
      const refused = await memberPage.goto(ROLES);
      expect(refused?.status()).toBe(403);
      await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    });

    await test.step('a role in use cannot be deleted: the refusal says to move its members, with a link to Members', async () => {
      await page.goto(ROLES);
      const row = roleRow(page, roleName);
      await expect(row.getByText('1 member', { exact: true })).toBeVisible();
      await disclosure(row, words.delete).click();
      await row.getByRole('button', { name: `Yes, delete ${roleName}` }).click();
      await expect(roleRow(page, roleName).getByRole('alert')).toContainText(errors.roleInUse);
      await expect(roleRow(page, roleName).getByRole('link', { name: words.moveMembers })).toHaveAttribute('href', MEMBERS);
    });

    await test.step('the owner role is locked: asked for by address or by a tampered form, it is refused', async () => {
      const ownerId = (await roleRow(page, 'Owner').getAttribute('data-role-id'))!;
      const asked = await page.goto(`${ROLES}?edit=${ownerId}`);
      expect(asked?.status()).toBe(409);
      await expect(page.getByRole('alert')).toHaveText(errors.ownerRoleLocked);
      await expect(roleForm(page)).toHaveCount(0);

      const roleId = (await roleRow(page, roleName).getAttribute('data-role-id'))!;
      await page.goto(`${ROLES}?edit=${roleId}`);
      await roleForm(page).locator('input[name="id"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), ownerId);
      await roleForm(page).getByRole('button', { name: words.save }).click();
      await expect(roleRow(page, 'Owner').getByRole('alert')).toHaveText(errors.ownerRoleLocked);
      await expect(roleRow(page, 'Owner').getByText(words.ownerBadge, { exact: true })).toBeVisible();
    });

    await test.step('edited (renamed, and given Roles: read), the member sees Roles at their next request', async () => {
      await roleRow(page, roleName).getByRole('link', { name: `Edit ${roleName}` }).click();
      await expect(roleForm(page).getByRole('heading', { name: `Edit ${roleName}` })).toBeVisible();
      await expect(box(page, rbac.resources.companyTalentRoster, 'read')).toBeChecked();
      await roleForm(page).getByLabel(words.name).fill(renamed);
      await box(page, rbac.resources.companyRole, 'read').check();
      await roleForm(page).getByRole('button', { name: words.save }).click();
      await expect(toast(page, 'Role saved')).toBeVisible();
      await expect(roleRow(page, renamed)).toBeVisible();

      const opened = await memberPage.goto(ROLES);
      expect(opened?.status()).toBe(200);
      expect(await menuLabels(memberPage)).toEqual(expectedMenuLabels(inNorthwind({ ...custom, companyRole: { read: true, create: false, update: false, delete: false } })));
      // Reading roles is not changing them.
      await expect(memberPage.getByRole('link', { name: words.addRole })).toHaveCount(0);
      await expect(memberPage.getByRole('link', { name: `Edit ${renamed}` })).toHaveCount(0);
    });

    await test.step('its member removed, the role is deleted', async () => {
      await removeMember(page, memberEmail, memberName);
      await deleteRole(page, renamed);
    });
    await memberContext.close();
  });

  test('no self-granted power: a member who may edit roles finds her own role fixed and what she lacks greyed; forged ticks are refused on the form', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const roleName = `E2E Role editor ${Date.now()}`;
    const renamed = `${roleName} renamed`;
    const editorContext = await browser.newContext();
    const editor = await editorContext.newPage();
    const editorName = `E2E Role Editor ${Date.now()}`;
    const editorEmail = await signUpNewAccount(editor, editorName, newEmail('role-editor'));
    /** Makes a greyed box posted and ticked, as a forged form would. */
    const forge = (target: Page, resource: PermissionResource, action: 'read' | 'create' | 'update' | 'delete') =>
      box(target, rbac.resources[resource], action).evaluate((input, name) => {
        const checkbox = input as HTMLInputElement;
        checkbox.disabled = false;
        checkbox.name = name;
        checkbox.checked = true;
      }, `permissions[${PERMISSION_RESOURCES.indexOf(resource)}].${action}`);
    const save = async (target: Page) => {
      const [answer] = await Promise.all([target.waitForResponse((response) => response.request().method() === 'POST'), roleForm(target).getByRole('button', { name: words.save }).click()]);
      return answer.status();
    };

    await test.step('the owner makes a role that may read and edit roles, nothing else, and gives it to her', async () => {
      await signInAs(page, OWNER, '/company/my-companies');
      await selectCompany(page, NORTHWIND);
      await page.goto(`${ROLES}?edit=new`);
      for (const checkbox of await roleForm(page).getByRole('checkbox').all()) if (await checkbox.isEnabled()) await checkbox.uncheck();
      await box(page, rbac.resources.companyRole, 'read').check();
      await box(page, rbac.resources.companyRole, 'update').check();
      await roleForm(page).getByLabel(words.name).fill(roleName);
      await roleForm(page).getByRole('button', { name: words.create }).click();
      await expect(toast(page, 'Role created')).toBeVisible();
      await addMember(page, editorEmail, roleName, editor);
    });

    await test.step('her own role is marked; its form lets her rename it but every box is fixed, with the note saying why', async () => {
      expect((await editor.goto(ROLES))?.status()).toBe(200);
      await expect(roleRow(editor, roleName).getByText(words.yourRoleBadge, { exact: true })).toBeVisible();
      await roleRow(editor, roleName).getByRole('link', { name: `Edit ${roleName}` }).click();
      await expect(roleForm(editor).getByText(words.ownRoleNote)).toBeVisible();
      await expect(roleForm(editor).getByRole('checkbox', { disabled: true })).toHaveCount(15 * 4);
      await expect(box(editor, rbac.resources.companyRole, 'update')).toBeChecked();
      await expect(box(editor, rbac.resources.company, 'read')).toHaveAccessibleDescription(words.ownRoleNote);
      await expectNoAxeViolations(editor);
    });

    await test.step('a forged tick on her own role is refused above the form (403, not an error page), and nothing changes', async () => {
      await forge(editor, 'company', 'read');
      expect(await save(editor)).toBe(403);
      await expect(roleForm(editor).getByRole('alert')).toHaveText(errors.roleHeldByYou);
      await editor.goto(`${ROLES}?edit=${await roleRow(editor, roleName).getAttribute('data-role-id')}`);
      await expect(box(editor, rbac.resources.company, 'read')).not.toBeChecked();
      await roleForm(editor).getByLabel(words.name).fill(renamed);
      await roleForm(editor).getByRole('button', { name: words.save }).click();
      await expect(toast(editor, 'Role saved')).toBeVisible();
      await expect(roleRow(editor, renamed).getByText(words.yourRoleBadge, { exact: true })).toBeVisible();
    });

    await test.step('on another role only what she holds is free; a forged tick of anything else is refused above the form', async () => {
      await roleRow(editor, 'Recruiter').getByRole('link', { name: 'Edit Recruiter' }).click();
      await expect(roleForm(editor).getByText(words.notHeldNote)).toBeVisible();
      await expect(box(editor, rbac.resources.companyRole, 'read')).toBeEnabled();
      await expect(box(editor, rbac.resources.jobAd, 'create')).toBeDisabled();
      await expect(box(editor, rbac.resources.jobAd, 'create')).toBeChecked();
      await forge(editor, 'jobAd', 'delete');
      expect(await save(editor)).toBe(403);
      await expect(roleForm(editor).getByRole('alert')).toHaveText(errors.permissionNotHeld);
      await editor.goto(ROLES);
      await disclosure(roleRow(editor, 'Recruiter'), words.showPermissions).click();
      const jobAds = roleRow(editor, 'Recruiter').getByRole('row').filter({ hasText: rbac.resources.jobAd }).locator('[data-allowed]');
      expect(await jobAds.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-allowed')))).toEqual(['true', 'true', 'true', 'false']);
    });

    await test.step('her membership removed, the role is deleted', async () => {
      await removeMember(page, editorEmail, editorName);
      await deleteRole(page, renamed);
    });
    await editorContext.close();
  });

  test('390 px wide with the role form open: no sideways scrolling, axe finds nothing', async ({ page }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ROLES}?edit=new`);
    await expect(roleForm(page).getByRole('checkbox')).toHaveCount(15 * 4);
    await disclosure(roleRow(page, 'Recruiter'), words.showPermissions).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test('a recruiter gets 403 on Roles and no Roles entry in the menu', async ({ page }) => {
    await signInAs(page, RECRUITER, '/company/dashboard');
    await expect(companyMenu(page).getByRole('link', { name: rbac.companyMenu.roles })).toHaveCount(0);
    const refused = await page.goto(ROLES);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
  });
});
