import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { selectCompany } from './support/company-area';
import { newEmail, signUpNewAccount, submitSignUpAndConfirm } from './support/sign-up';
import { outboxDirOf } from '../support/built-server';
import { linkIn, waitForMail } from '../support/outbox';

// The Members page (Company Management → Members, the companyOnUser entity). owner@ (README demo accounts) is
// the only owner of Northwind Labs, where recruiter@ is a recruiter. Each test brings its
// own new account or address and takes it out again, so the seeded members stay as they are.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const MEMBERS = '/company/members';
const NORTHWIND = 'Northwind Labs';
const words = companies.companies.members;
const errors = companies.companies.errors;

const memberRow = (page: Page, text: string) => page.locator('li[data-member-id]').filter({ hasText: text });
/** The role a member row states (its dd; the row's role choice lists every role). */
const roleOf = (page: Page, text: string) => memberRow(page, text).locator('dl > div').filter({ hasText: words.role }).locator('dd');
const invitationRow = (page: Page, email: string) => page.locator('li[data-invitation-id]').filter({ hasText: email });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('company members', () => {
  test('the owner adds a registered member, changes their role and removes them; the removed member loses access at their next request', async ({ page, browser }) => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const memberName = `E2E Member ${Date.now()}`;
    const memberEmail = await signUpNewAccount(memberPage, memberName, newEmail('member'));

    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await page.getByRole('navigation', { name: 'Company menu' }).first().getByRole('link', { name: rbac.companyMenu.members }).click();
    await expect(page).toHaveURL(new RegExp(`${MEMBERS}$`));
    await expect(page).toHaveTitle(/^Members \| /);
    await expect(roleOf(page, RECRUITER)).toHaveText('Recruiter');
    await expectNoAxeViolations(page);

    await test.step('a registered address is invited like any other, and joins only when its holder accepts', async () => {
      await page.getByLabel(words.email).fill(memberEmail);
      await page.getByLabel(words.role, { exact: true }).selectOption({ label: 'Recruiter' });
      await page.getByRole('button', { name: words.invite, exact: true }).click();
      await expect(toast(page, 'Invitation created')).toBeVisible();
      await expect(invitationRow(page, memberEmail)).toBeVisible();
      await expect(memberRow(page, memberEmail)).toHaveCount(0);

      // The member's notifications lead to their invitations, where they accept.
      await memberPage.goto('/notifications');
      await memberPage.getByRole('link', { name: /invites you to join Northwind Labs as Recruiter/ }).click();
      await expect(memberPage).toHaveURL(/\/join-company$/);
      await expectNoAxeViolations(memberPage);
      await memberPage.getByRole('button', { name: `Accept and join ${NORTHWIND}` }).click();
      await expect(memberPage).toHaveURL(/\/company\/dashboard/);
      await expect(memberPage.getByTestId('company-name')).toHaveText(NORTHWIND);

      await page.reload();
      await expect(memberRow(page, memberEmail).getByRole('heading', { name: memberName })).toBeVisible();
      await expect(invitationRow(page, memberEmail)).toHaveCount(0);
    });

    await test.step('as a recruiter the new member works in the company but gets 403 on Members', async () => {
      await memberPage.goto('/company/dashboard');
      await expect(memberPage.getByTestId('company-name')).toHaveText(NORTHWIND);
      const refused = await memberPage.goto(MEMBERS);
      expect(refused?.status()).toBe(403);
      await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    });

    await test.step('made an owner, they open Members', async () => {
      const row = memberRow(page, memberEmail);
      await row.getByLabel(`Role of ${memberName}`, { exact: true }).selectOption({ label: 'Owner' });
      await row.getByRole('button', { name: `Save role of ${memberName}` }).click();
      await expect(toast(page, 'Role changed')).toBeVisible();
      await expect(roleOf(page, memberEmail)).toHaveText('Owner');
      const opened = await memberPage.goto(MEMBERS);
      expect(opened?.status()).toBe(200);
      await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Members');
    });

    await test.step('removed, their next request finds no company of theirs', async () => {
      const row = memberRow(page, memberEmail);
      await row.getByText('Remove', { exact: true }).click();
      await row.getByRole('button', { name: `Yes, remove ${memberName}` }).click();
      await expect(toast(page, 'Member removed')).toBeVisible();
      await expect(memberRow(page, memberEmail)).toHaveCount(0);
      await memberPage.goto(MEMBERS);
      await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText(rbac.noCompany.heading);
      await expect(memberPage.getByRole('region', { name: 'Selected company' })).toHaveCount(0);
    });

    await test.step('the last owner cannot make themselves a recruiter', async () => {
      const own = memberRow(page, OWNER);
      const ownName = (await own.getByRole('heading').textContent())!.trim();
      await own.getByLabel(`Role of ${ownName}`, { exact: true }).selectOption({ label: 'Recruiter' });
      await own.getByRole('button', { name: `Save role of ${ownName}` }).click();
      await expect(memberRow(page, OWNER).getByRole('alert')).toHaveText(errors.lastOwner);
      await expect(roleOf(page, OWNER)).toHaveText('Owner');
    });
    await memberContext.close();
  });

  test('an unknown address gets an open invitation, which the owner withdraws; mistakes are said at the field; 390 px fits', async ({ page }) => {
    const email = newEmail('invitee');
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await page.goto(MEMBERS);

    await test.step('a malformed address and a missing role are refused beside their fields, the address kept', async () => {
      await page.getByLabel(words.email).fill('not-an-address');
      await page.getByRole('button', { name: words.invite, exact: true }).click();
      await expect(page.getByLabel(words.email)).toHaveAccessibleDescription(errors.emailInvalid);
      await expect(page.getByLabel(words.email)).toHaveValue('not-an-address');
      await expect(page.getByLabel(words.role, { exact: true })).toHaveAccessibleDescription(errors.roleRequired);
    });

    await test.step('an unknown address is invited and listed; its link goes to the address only, never shown here', async () => {
      await page.getByLabel(words.email).fill(email);
      await page.getByLabel(words.role, { exact: true }).selectOption({ label: 'Recruiter' });
      await page.getByRole('button', { name: words.invite, exact: true }).click();
      await expect(toast(page, 'Invitation created')).toBeVisible();
      const row = invitationRow(page, email);
      await expect(row.getByText('Recruiter', { exact: true })).toBeVisible();
      await expect(row.getByRole('textbox')).toHaveCount(0);
    });

    await test.step('inviting it again is refused at the address', async () => {
      await page.getByLabel(words.email).fill(email);
      await page.getByLabel(words.role, { exact: true }).selectOption({ label: 'Recruiter' });
      await page.getByRole('button', { name: words.invite, exact: true }).click();
      await expect(page.getByLabel(words.email)).toHaveAccessibleDescription(errors.alreadyInvited);
    });

    await test.step('390 px wide: no sideways scrolling, axe finds nothing', async () => {
      await expectFitsPhoneWidth(page);
    });

    await test.step('withdrawn, it leaves the list', async () => {
      await invitationRow(page, email).getByRole('button', { name: `Withdraw the invitation of ${email}` }).click();
      await expect(toast(page, 'Invitation withdrawn')).toBeVisible();
      await expect(invitationRow(page, email)).toHaveCount(0);
    });
  });

  test("an invited address opens its mail's link as a guest, signs up from it, accepts and lands in the company; the link then works no more", async ({ page, browser }) => {
    const email = newEmail('joiner');
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, NORTHWIND);
    await page.goto(MEMBERS);
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.role, { exact: true }).selectOption({ label: 'Recruiter' });
    await page.getByRole('button', { name: words.invite, exact: true }).click();
    await expect(toast(page, 'Invitation created')).toBeVisible();
    const origin = new URL(page.url()).origin;
    const mail = await waitForMail(outboxDirOf(origin), email, { subject: /invites you to join Northwind Labs/ });
    const link = linkIn(mail, `${origin}/join-company?token=`);

    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await expect(invitee.getByText(/invites you to join Northwind Labs as Recruiter\./)).toBeVisible();
    await expect(invitee.getByText(email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(invitee);
    await invitee.getByRole('link', { name: companies.companies.joinCompany.signUp }).click();
    // The sign-up form starts with the invited address.
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await submitSignUpAndConfirm(invitee, 'E2E Joiner', email, /\/join-company\?token=/);
    await invitee.getByRole('button', { name: `Accept and join ${NORTHWIND}` }).click();
    await expect(invitee).toHaveURL(/\/company\/dashboard/);
    await expect(invitee.getByTestId('company-name')).toHaveText(NORTHWIND);
    await expect(toast(invitee, 'You joined the company')).toBeVisible();
    const used = await invitee.goto(link);
    expect(used?.status()).toBe(404);
    await expect(invitee.getByRole('alert')).toHaveText(companies.companies.joinCompany.linkGone);
    await inviteeContext.close();

    await page.reload();
    await expect(invitationRow(page, email)).toHaveCount(0);
    await expect(roleOf(page, email)).toHaveText('Recruiter');
    // Taken out again, so the seeded members stay as they are.
    const row = memberRow(page, email);
    await row.getByText('Remove', { exact: true }).click();
    await row.getByRole('button', { name: /^Yes, remove / }).click();
    await expect(toast(page, 'Member removed')).toBeVisible();
  });

  test('a recruiter gets 403 on Members and no Members entry in the menu', async ({ page }) => {
    await signInAs(page, RECRUITER, '/company/dashboard');
    await expect(page.getByRole('navigation', { name: 'Company menu' }).first().getByRole('link', { name: rbac.companyMenu.members })).toHaveCount(0);
    const refused = await page.goto(MEMBERS);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
  });
});
