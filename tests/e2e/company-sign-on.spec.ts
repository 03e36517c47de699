import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import signOnWords from '../../src/locales/en/common/sign-on.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { samlMetadata } from '../support/saml-metadata';
import { publishTxt } from './support/dns-records';
import { startCompanyOidcProvider } from '../support/company-oidc-provider';
import { startCompanySamlProvider } from '../support/company-saml-provider';

// The company's identity providers (/company/sign-on): the demo owner adds an OpenID Connect
// provider (a mistyped issuer and a missing secret refused beside their fields, what was
// typed kept, the secret never echoed), reads it without its secret, edits it keeping the
// stored secret, adds a SAML provider from pasted metadata (entity id, sign-in address and
// certificate read from it), and removes both. A recruiter, whose role has no idp read,
// has no menu entry and gets 403. A newcomer signs in through the company's OIDC provider
// (run by the test) from the e-mail step and joins with the role the owner chose; another
// through its SAML provider (its sign-in page run by the test) from /sign-in/<slug>.
const words = signOnWords.signOn;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Claims a domain on /company/sign-on, publishes its record on the run's DNS server and proves it. */
async function proveDomain(page: Page, domain: string) {
  const section = page.getByRole('region', { name: words.domainsHeading });
  await section.getByLabel(words.domainField, { exact: true }).fill(domain);
  await section.getByRole('button', { name: words.claimDomain }).click();
  const domainRow = page.locator('li[data-domain-id]').filter({ hasText: domain });
  publishTxt(domain, [[(await domainRow.getByTestId('domain-record').textContent())!.trim()]]);
  await domainRow.getByRole('button', { name: words.checkDomainLabel.replace('{{domain}}', domain) }).click();
  await expect(toast(page, signOnWords.notices.signOn.domainProven)).toBeVisible();
}

/** Removes a provider the test added, if it is still there: one left behind would serve Northwind's next test. */
async function removeProvider(page: Page, slug: string) {
  await page.goto('/company/sign-on');
  const row = page.locator('li[data-idp-id]').filter({ hasText: slug });
  if (await row.count()) {
    await row.getByText(words.remove, { exact: true }).click();
    await row.getByRole('button', { name: words.removeConfirm.replace('{{slug}}', slug) }).click();
    await expect(toast(page, signOnWords.notices.signOn.deleted)).toBeVisible();
  }
}

test.describe('company single sign-on providers', () => {
  test('the owner adds, edits and removes an OIDC and a SAML provider; nothing secret comes back', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const oidcSlug = `nw-okta-${stamp}`;
    const samlSlug = `nw-entra-${stamp}`;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.signOn }).click();
    await expect(page).toHaveURL(/\/company\/sign-on$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Single sign-on');
    await expectNoAxeViolations(page);

    const form = page.getByRole('region', { name: words.addHeading });
    await test.step('a mistyped issuer and a missing secret are refused beside their fields, the rest kept', async () => {
      await form.getByLabel(signOnWords.signOn.protocols.OIDC).check();
      await form.getByLabel(words.slug, { exact: true }).fill(oidcSlug);
      await form.getByLabel(words.issuerField).fill('http://acme.okta.example');
      await form.getByLabel(words.clientIdField).fill('0oa-client');
      await form.getByRole('button', { name: words.saveCreate }).click();
      const again = page.getByRole('region', { name: words.addHeading });
      await expect(again.getByLabel(words.issuerField)).toHaveAccessibleDescription(new RegExp(words.errors.issuerHttps));
      await expect(again.getByLabel(words.clientSecretField)).toHaveAccessibleDescription(new RegExp(words.errors.clientSecretRequired));
      await expect(again.getByLabel(words.slug, { exact: true })).toHaveValue(oidcSlug);
      await expect(again.getByLabel(words.clientIdField)).toHaveValue('0oa-client');
      await expectNoAxeViolations(page);
    });

    await test.step('corrected, it is added and read back without its secret', async () => {
      const again = page.getByRole('region', { name: words.addHeading });
      await again.getByLabel(words.issuerField).fill('https://acme.okta.example/.well-known/openid-configuration');
      await again.getByLabel(words.clientSecretField).fill('s3cret-value-never-shown');
      await again.getByRole('button', { name: words.saveCreate }).click();
      await expect(toast(page, signOnWords.notices.signOn.created)).toBeVisible();
      const row = page.locator('li[data-idp-id]').filter({ hasText: oidcSlug });
      await expect(row).toContainText('https://acme.okta.example');
      await expect(row).toContainText(words.secretSet);
      expect(await page.content()).not.toContain('s3cret-value-never-shown');
    });

    await test.step('edited with the secret left empty: the stored one is kept', async () => {
      await page.getByRole('link', { name: words.editLabel.replace('{{slug}}', oidcSlug) }).click();
      const edit = page.getByRole('region', { name: words.editHeading.replace('{{slug}}', oidcSlug) });
      await expect(edit.getByLabel(words.clientSecretField)).toHaveValue('');
      await edit.getByLabel(words.clientIdField).fill('0oa-client-2');
      await edit.getByRole('button', { name: words.saveEdit }).click();
      await expect(toast(page, signOnWords.notices.signOn.updated)).toBeVisible();
      const row = page.locator('li[data-idp-id]').filter({ hasText: oidcSlug });
      await expect(row).toContainText('0oa-client-2');
      await expect(row).toContainText(words.secretSet);
    });

    await test.step('a SAML provider from pasted metadata: entity id, sign-in address and certificate read from it', async () => {
      const add = page.getByRole('region', { name: words.addHeading });
      await add.getByLabel(signOnWords.signOn.protocols.SAML).check();
      await add.getByLabel(words.slug, { exact: true }).fill(samlSlug);
      await add.getByLabel(words.metadataField).fill('<not metadata');
      await add.getByRole('button', { name: words.saveCreate }).click();
      await expect(page.getByRole('region', { name: words.addHeading }).getByLabel(words.metadataField)).toHaveAccessibleDescription(new RegExp(words.errors.metadataUnreadable));
      await page.getByRole('region', { name: words.addHeading }).getByLabel(words.metadataField).fill(samlMetadata({ entityId: `https://sts.example.test/${stamp}`, ssoUrl: 'https://sts.example.test/saml2' }));
      await page.getByRole('region', { name: words.addHeading }).getByRole('button', { name: words.saveCreate }).click();
      await expect(toast(page, signOnWords.notices.signOn.created)).toBeVisible();
      const row = page.locator('li[data-idp-id]').filter({ hasText: samlSlug });
      await expect(row).toContainText(`https://sts.example.test/${stamp}`);
      await expect(row).toContainText('https://sts.example.test/saml2');
      await expect(row).toContainText(words.signedAssertions);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('both are removed after a confirmation', async () => {
      for (const slug of [oidcSlug, samlSlug]) {
        const row = page.locator('li[data-idp-id]').filter({ hasText: slug });
        await row.getByText(words.remove, { exact: true }).click();
        await row.getByRole('button', { name: words.removeConfirm.replace('{{slug}}', slug) }).click();
        await expect(toast(page, signOnWords.notices.signOn.deleted)).toBeVisible();
        await expect(page.locator('li[data-idp-id]').filter({ hasText: slug })).toHaveCount(0);
      }
    });

    await test.step('the changes list every step, newest first, by whom, without a secret', async () => {
      const changes = page.getByRole('region', { name: words.changesLabel }).locator('tbody tr');
      const ours = changes.filter({ hasText: stamp });
      await expect(ours).toHaveCount(5);
      await expect(ours.nth(0)).toContainText(`${samlSlug}${words.changeActions.delete}`);
      await expect(ours.filter({ hasText: words.changeActions.update })).toContainText(words.changedSettings.replace('{{settings}}', words.settingNames.clientId));
      await expect(ours.nth(0)).toContainText(/Oscar Owner|owner@demo\.test/);
      expect(await page.content()).not.toContain('s3cret-value-never-shown');
      await expectNoAxeViolations(page);
    });
  });

  test('the owner claims an e-mail domain, publishes its TXT record and proves it; an address typed instead is refused, kept as typed', async ({ page }) => {
    test.setTimeout(90_000);
    const domain = `northwind-${Date.now().toString(36)}.example`;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await page.goto('/company/sign-on');
    const section = page.getByRole('region', { name: words.domainsHeading });
    await section.getByLabel(words.domainField, { exact: true }).fill(`ada@${domain}`);
    await section.getByRole('button', { name: words.claimDomain }).click();
    await expect(page.getByRole('region', { name: words.domainsHeading }).getByLabel(words.domainField, { exact: true })).toHaveAccessibleDescription(new RegExp(words.errors.domainNotAddress.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('region', { name: words.domainsHeading }).getByLabel(words.domainField, { exact: true })).toHaveValue(`ada@${domain}`);

    await page.getByRole('region', { name: words.domainsHeading }).getByLabel(words.domainField, { exact: true }).fill(domain.toUpperCase());
    await page.getByRole('region', { name: words.domainsHeading }).getByRole('button', { name: words.claimDomain }).click();
    await expect(toast(page, signOnWords.notices.signOn.domainClaimed)).toBeVisible();
    const row = page.locator('li[data-domain-id]').filter({ hasText: domain });
    await expect(row.getByTestId('domain-status')).toHaveText(words.domainUnproven);
    const record = (await row.getByTestId('domain-record').textContent())!.trim();
    expect(record).toMatch(/^talentplace-verification=/);
    await expectNoAxeViolations(page);

    await test.step('checked before the record is published: not proven, and the row says why', async () => {
      await row.getByRole('button', { name: words.checkDomainLabel.replace('{{domain}}', domain) }).click();
      await expect(toast(page, signOnWords.notices.signOn.domainNotProven)).toBeVisible();
      await expect(page.locator('li[data-domain-id]').filter({ hasText: domain }).getByTestId('domain-issue')).toHaveText(words.domainIssues.notFound);
    });

    await test.step('published on the DNS and checked again: proven', async () => {
      publishTxt(domain, [['v=spf1 -all'], [record]]);
      await page.locator('li[data-domain-id]').filter({ hasText: domain }).getByRole('button', { name: words.checkDomainLabel.replace('{{domain}}', domain) }).click();
      await expect(toast(page, signOnWords.notices.signOn.domainProven)).toBeVisible();
      await expect(page.locator('li[data-domain-id]').filter({ hasText: domain }).getByTestId('domain-status')).toHaveText(/^Proven on /);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('removed after a confirmation', async () => {
      const proven = page.locator('li[data-domain-id]').filter({ hasText: domain });
      await proven.getByText(words.removeDomain, { exact: true }).click();
      await proven.getByRole('button', { name: words.removeDomainConfirm.replace('{{domain}}', domain) }).click();
      await expect(toast(page, signOnWords.notices.signOn.domainDeleted)).toBeVisible();
      await expect(page.locator('li[data-domain-id]').filter({ hasText: domain })).toHaveCount(0);
    });
  });

  test("a new member signs in through the company's OIDC provider from the e-mail step and joins with the chosen role", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const domain = `northwind-sso-${stamp}.example`;
    const slug = `nw-sso-${stamp}`;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    const origin = new URL(page.url()).origin;
    // The company's own provider (Okta, Entra ID... in production), run by this test.
    const okta = await startCompanyOidcProvider({ redirectUri: `${origin}/oidc/sign-on/callback` });
    try {
      await selectCompany(page, 'Northwind Labs');
      await page.goto('/company/sign-on');
      await test.step('the owner adds the provider with a join role and proves the domain', async () => {
        const form = page.getByRole('region', { name: words.addHeading });
        await form.getByLabel(words.protocols.OIDC).check();
        await form.getByLabel(words.slug, { exact: true }).fill(slug);
        await form.getByLabel(words.issuerField).fill(okta.issuer);
        await form.getByLabel(words.clientIdField).fill(okta.clientId);
        await form.getByLabel(words.clientSecretField).fill(okta.clientSecret);
        await form.getByLabel(words.joinRoleField).selectOption({ label: 'Recruiter' });
        await form.getByRole('button', { name: words.saveCreate }).click();
        await expect(toast(page, signOnWords.notices.signOn.created)).toBeVisible();
        const row = page.locator('li[data-idp-id]').filter({ hasText: slug });
        await expect(row).toContainText(`${origin}/oidc/sign-on/callback`);
        await expect(row).toContainText(`/sign-in/${slug}`);
        await expect(row).toContainText('Recruiter');

        await proveDomain(page, domain);
      });

      await test.step('a newcomer types their work address and comes back signed in, a member of the company', async () => {
        const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
        const newcomer = await context.newPage();
        const email = `nora.newcomer@${domain}`;
        okta.signInAs({ sub: `okta-${stamp}`, email, email_verified: true, name: 'Nora Newcomer' });
        await newcomer.goto('/sign-in?returnTo=%2Fcompany%2Fmy-companies');
        await expect(newcomer.getByRole('button', { name: 'Continue' })).toBeVisible();
        await expectNoAxeViolations(newcomer);
        await expectFitsPhoneWidth(newcomer);
        await newcomer.getByLabel('Email').fill(email);
        await newcomer.keyboard.press('Enter');
        await expect(newcomer).toHaveURL(/\/company\/my-companies$/);
        await expect(newcomer.getByRole('heading', { level: 2, name: 'Northwind Labs' })).toBeVisible();
        expect(okta.loginHints).toContain(email);
        await context.close();
      });

    } finally {
      await removeProvider(page, slug);
      await okta.close();
    }
  });

  test("a new member signs in through the company's SAML provider from /sign-in/<slug> and joins", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const domain = `northwind-saml-${stamp}.example`;
    const slug = `nw-saml-${stamp}`;
    // The company's own SAML provider (Entra ID, Okta... in production), its sign-in page run by this test.
    const entra = await startCompanySamlProvider({ serve: true });
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    const origin = new URL(page.url()).origin;
    try {
      await selectCompany(page, 'Northwind Labs');
      await page.goto('/company/sign-on');
      await test.step('the owner pastes the metadata, chooses the join role and proves the domain', async () => {
        const form = page.getByRole('region', { name: words.addHeading });
        await form.getByLabel(words.protocols.SAML).check();
        await form.getByLabel(words.slug, { exact: true }).fill(slug);
        await form.getByLabel(words.metadataField).fill(entra.metadataXml);
        await form.getByLabel(words.joinRoleField).selectOption({ label: 'Recruiter' });
        await form.getByRole('button', { name: words.saveCreate }).click();
        await expect(toast(page, signOnWords.notices.signOn.created)).toBeVisible();
        const row = page.locator('li[data-idp-id]').filter({ hasText: slug });
        await expect(row).toContainText(`${origin}/oidc/sign-on/saml/acs`);
        await expect(row).toContainText(entra.entityId);
        await proveDomain(page, domain);
      });

      await test.step("a newcomer opens the company's sign-in address, continues at the provider and lands a member", async () => {
        const context = await browser.newContext({ baseURL: origin });
        const newcomer = await context.newPage();
        entra.signInAs({ nameId: `entra-${stamp}`, email: `sam.saml@${domain}`, name: 'Sam Saml' });
        await newcomer.goto(`/sign-in/${slug}?returnTo=%2Fcompany%2Fmy-companies`);
        await newcomer.getByRole('button', { name: 'Continue as Sam Saml' }).click();
        await expect(newcomer).toHaveURL(/\/company\/my-companies$/);
        await expect(newcomer.getByRole('heading', { level: 2, name: 'Northwind Labs' })).toBeVisible();
        await context.close();
      });
    } finally {
      await removeProvider(page, slug);
      await entra.close();
    }
  });

  test('a recruiter, without idp read, has no menu entry and gets 403', async ({ page }) => {
    await signInAs(page, 'recruiter@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await expect(companyMenu(page).getByRole('link', { name: rbac.companyMenu.signOn })).toHaveCount(0);
    const refused = await page.goto('/company/sign-on');
    expect(refused?.status()).toBe(403);
  });
});
