import { expect, test } from './support/test';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs as signIn } from './support/demo-session';

test.describe('impersonation', () => {
  test('the support agent finds the demo talent, gives a reason, acts as them with the banner everywhere, stops, and the admin audits it', async ({ page, browser }) => {
    await signIn(page, 'support@demo.test', '/impersonate');
    await expect(page).toHaveTitle(/^Impersonate/);
    await expect(page.getByText('You are acting as yourself.')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('ad');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByText('Type at least 3 characters')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('admin@demo');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByText('No user you may act as matches “admin@demo”.')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('talent@demo');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByRole('heading', { name: '1 user found' })).toBeVisible();
    await page.getByRole('link', { name: 'Act as talent@demo.test' }).click();

    await test.step('a reason is required, and a too short one is refused with what to do', async () => {
      const step = page.getByRole('form', { name: 'Why do you act as talent@demo.test?' });
      await expect(step).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await step.getByLabel('Reason').fill('too short');
      await step.getByRole('button', { name: 'Start acting as talent@demo.test' }).click();
      await expect(step.getByText('Say a little more: at least 10 characters')).toBeVisible();
      await expect(step.getByLabel('Reason')).toHaveValue('too short');
    });
    const reason = `E2E ticket ${Date.now()}: the talent cannot change their job title`;
    await page.getByLabel('Reason').fill(reason);
    await page.getByRole('button', { name: 'Start acting as talent@demo.test' }).click();

    await expect(page).toHaveURL(/\/talent\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Tara Talent');
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText('support@demo.test is acting as talent@demo.test');
    await expect(banner).toContainText(`Reason: ${reason}`);

    await test.step('a write made meanwhile (the job title, changed and put back)', async () => {
      await page.goto('/talent/profile?edit=basics');
      await expect(banner).toBeVisible();
      const basics = page.getByRole('region', { name: 'Basics' });
      const jobTitle = basics.getByLabel('Job title', { exact: true });
      const original = await jobTitle.inputValue();
      await jobTitle.fill(`${original} (checked by support)`);
      await basics.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Profile saved' }).first()).toBeVisible();
      await basics.getByRole('link', { name: 'Edit Basics' }).click();
      await jobTitle.fill(original);
      await basics.getByRole('button', { name: 'Save' }).click();
      await expect(jobTitle).toHaveValue(original);
    });

    await test.step("a write that is the talent's own housekeeping (a notification setting, changed and put back)", async () => {
      await page.goto('/site-settings');
      await expect(banner).toBeVisible();
      const box = page.getByRole('checkbox', { name: 'Push: Talent note added' });
      const original = await box.isChecked();
      for (const checked of [!original, original]) {
        await box.setChecked(checked);
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.locator('tp-toaster').getByText('Your notification settings have been saved.')).toBeVisible();
      }
    });

    await test.step("the talent's rights over her data are hers alone: no archive, no deletion, no talent pool answer while acting as her", async () => {
      await page.goto('/edit-account');
      await expect(banner).toBeVisible();
      for (const name of ['Download your data', 'Delete your account']) {
        const section = page.getByRole('region', { name });
        await expect(section.getByText('You are acting as this person: only they can download their data or delete their account')).toBeVisible();
        await expect(section.getByRole('button')).toHaveCount(0);
      }
      // Nor does support answer a company's talent pool request in her name.
      const pools = page.getByRole('region', { name: 'Talent pools' });
      await expect(pools.getByText('Only the talent herself answers a talent pool request')).toBeVisible();
      await expect(pools.getByRole('button')).toHaveCount(0);
    });

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page).toHaveURL(/\/impersonate$/);
    await expect(page.getByText('You are acting as yourself again.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);

    await test.step('the admin reads who acted as whom, when, why, and the writes made meanwhile', async () => {
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.test', '/admin/talents');
      await admin.getByRole('link', { name: 'Impersonation audit' }).click();
      await admin.getByLabel('E-mail address or reason').fill(reason);
      await admin.getByRole('button', { name: 'Filter', exact: true }).click();
      const entry = admin.locator('li[data-impersonation-id]');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByRole('heading')).toHaveText('support@demo.test acted as talent@demo.test');
      await expect(entry).toContainText(`Reason: ${reason}`);
      // Every write made meanwhile, with the fields it changed: the job title twice (named,
      // never its value), and the notification setting twice, with its channels before and after.
      const writes = entry.locator('li[data-write-type]');
      await entry.getByText(/^\d+ changes made meanwhile$/).click();
      await expect(entry.getByText(`${await writes.count()} changes made meanwhile`)).toBeVisible();
      const titleWrites = writes.filter({ hasText: 'Talent profile updated' }).filter({ hasText: 'jobTitle' });
      await expect(titleWrites).toHaveCount(2);
      await expect(titleWrites.first()).not.toContainText('(checked by support)');
      const settingWrites = writes.filter({ hasText: 'Notification settings changed' });
      await expect(settingWrites).toHaveCount(2);
      await expect(settingWrites.first().getByRole('list', { name: 'Fields changed' })).toContainText(/companyTalentNote\.create: .+ → .+/);
      await expectNoAxeViolations(admin);
      await expectFitsPhoneWidth(admin);
      await adminContext.close();
    });
  });

  test('the audit is for admins: the support agent gets the 403 page', async ({ page }) => {
    await signIn(page, 'support@demo.test', '/impersonate');
    const response = await page.goto('/admin/talents?view=impersonations');
    expect(response?.status()).toBe(403);
  });

  test('a talent without the impersonation role gets the 403 page for /impersonate and admin pages', async ({ page }) => {
    await signIn(page, 'talent@demo.test', '/talent/dashboard');
    for (const path of ['/impersonate', '/admin/companies']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });

  test('starting to impersonate needs the anti-forgery token', async ({ page }) => {
    await signIn(page, 'support@demo.test', '/impersonate');
    const response = await page.request.post('/impersonate', { form: { action: 'start', externalId: 'anything', reason: 'Ticket 1: forged request', csrf: 'forged' } });
    expect(response.status()).toBe(403);
  });
});
