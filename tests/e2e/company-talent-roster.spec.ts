import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addMoney } from '../../src/lib/money/decimal-money';
import rosterWords from '../../src/locales/en/common/talent-roster.json' with { type: 'json' };
import noteWords from '../../src/locales/en/common/talent-notes.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import talentCompanyWords from '../../src/locales/en/common/talent-companies.json' with { type: 'json' };
import dashboardWords from '../../src/locales/en/common/talent-dashboard.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The talent roster: the demo owner keeps Northwind's talent roster (seeded: the demo talent and
// five others) and books to the demo talent's balance on Transactions; the talent sees
// what was booked on her own Transactions page. A talent the owner adds is asked first:
// nothing is booked for her until she accepts on her employers page.
const OWNER = 'owner@demo.test';
const DEMO_TALENT_NAME = 'Tara Talent';
const words = rosterWords.talentRoster;
const ledgerWords = rosterWords.companyTransactions;
const notices = rosterWords.notices;
const requestWords = talentCompanyWords.rosterRequests;

/** "+€1,234.50" / "-€61.73" / "€0" as a plain decimal. */
function amountOf(text: string): string {
  const plain = text.replace(/[^\d.-]/g, '');
  return addMoney(plain.includes('.') ? plain : `${plain}.00`);
}

async function signInToNorthwind(page: Page) {
  await signInAs(page, OWNER, '/company/my-companies');
  await selectCompany(page, 'Northwind Labs');
}

test.describe('company talent roster and transactions', () => {
  test('the owner reads the roster, keeps notes on a talent, asks a talent by e-mail, and books once she accepts', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // A talent of her own, known to Northwind only by her (confirmed) e-mail address; named
    // for this run, so that an entry left by an earlier run is never taken for hers.
    const ROSA = `Rosa Roster ${Date.now().toString(36)}`;
    const talentContext = await browser.newContext();
    const talentPage = await talentContext.newPage();
    const email = await signUpNewAccount(talentPage, ROSA, newEmail('roster'));
    await talentPage.goto('/talent/dashboard');
    await talentPage.getByRole('button', { name: 'Create profile' }).click();
    await expect(talentPage).toHaveURL(/\/talent\/profile$/);

    await signInToNorthwind(page);
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentRoster }).click();
    await expect(page).toHaveURL(/\/company\/talent-roster$/);
    await expect(page).toHaveTitle(/^Talent roster \| /);
    const demoEntry = page.locator('li[data-roster-entry-id]').filter({ has: page.getByRole('link', { name: DEMO_TALENT_NAME, exact: true }) });
    await expect(demoEntry).toHaveCount(1);
    await expect(demoEntry).toContainText('NW-0042');
    await expect(page.getByTestId('providers')).toContainText('Brightpath Consulting');
    await expectNoAxeViolations(page);

    await test.step('the filters live in the address and say when nothing matches', async () => {
      await page.getByLabel(words.q).fill('nw-0042');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/q=nw-0042/);
      await expect(page.locator('li[data-roster-entry-id]')).toHaveCount(1);
      await page.goto('/company/talent-roster?q=nobody-by-this-name');
      await expect(page.getByText(words.emptyFiltered)).toBeVisible();
      await page.goto('/company/talent-roster');
    });

    await test.step('the details show the entry and its notes, which the owner writes', async () => {
      await demoEntry.getByRole('link', { name: DEMO_TALENT_NAME, exact: true }).click();
      await expect(page).toHaveURL(/\/company\/talent-roster-details\?id=/);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_TALENT_NAME })).toBeVisible();
      await expect(page.getByText('NW-0042')).toBeVisible();
      const notes = page.getByRole('region', { name: noteWords.talentNotes.heading });
      const note = `Roster note ${Date.now()}`;
      const newNote = notes.getByRole('form', { name: noteWords.talentNotes.newNote });
      await newNote.getByRole('textbox', { name: noteWords.talentNotes.note }).fill(note);
      await newNote.getByRole('button', { name: noteWords.talentNotes.add }).click();
      await expect(page.getByRole('status').filter({ hasText: noteWords.notices.talentNotes.created }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: noteWords.talentNotes.heading }).locator('li[data-note-id]').filter({ hasText: note })).toHaveCount(1);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    let rosaEntryId = '';
    await test.step('an unknown address is refused in words; a known one asks the talent', async () => {
      await page.goto('/company/talent-roster');
      const add = page.getByRole('region', { name: words.addHeading });
      await add.getByLabel(words.email).fill(newEmail('nobody'));
      await add.getByLabel(words.currency).fill('EUR');
      await add.getByRole('button', { name: words.add }).click();
      await expect(page.getByText(words.errors.emailUnknown)).toBeVisible();
      await expect(page.getByRole('region', { name: words.addHeading }).getByLabel(words.email)).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      const again = page.getByRole('region', { name: words.addHeading });
      await again.getByLabel(words.email).fill(email);
      await again.getByLabel(words.employmentType).selectOption('freelancer');
      await again.getByLabel(words.employeeNumber).fill('NW-E2E');
      await again.getByRole('button', { name: words.add }).click();
      await expect(page).toHaveURL(/\/company\/talent-roster-details\?id=/);
      rosaEntryId = new URL(page.url()).searchParams.get('id') ?? '';
      await expect(page.getByRole('status').filter({ hasText: notices.talentRoster.requested }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: ROSA })).toBeVisible();
      await expect(page.getByTestId('roster-consent')).toHaveText(words.consent.requested);
      await expect(page.getByTestId('consent-notice')).toHaveText(words.consentNotice.requested);
      await expect(page.getByRole('link', { name: words.seeLedger })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('until she answers, nothing can be booked for her', async () => {
      await page.goto(`/company/transactions?entry=${rosaEntryId}`);
      const book = page.getByRole('region', { name: ledgerWords.bookHeading });
      await expect(book.getByLabel(ledgerWords.entry).locator(`option[value="${rosaEntryId}"]`)).toHaveCount(0);
      await expect(book.getByLabel(ledgerWords.entry)).toHaveValue('');
    });

    await test.step('she sees the request on her dashboard and accepts it on her employers page', async () => {
      await talentPage.goto('/talent/dashboard');
      const widgetWords = dashboardWords.talentDashboard.widgets.rosterRequests;
      const widget = talentPage.getByRole('region', { name: widgetWords.heading });
      await expect(widget).toContainText('Northwind Labs');
      await widget.getByRole('link', { name: widgetWords.answer }).click();
      await expect(talentPage).toHaveURL(/\/talent\/employers$/);
      const request = talentPage.locator(`[data-roster-request-id="${rosaEntryId}"]`);
      await expect(request).toContainText('Northwind Labs');
      await expectNoAxeViolations(talentPage);
      await request.getByRole('button', { name: requestWords.acceptLabel.replace('{{company}}', 'Northwind Labs') }).click();
      await expect(talentPage.getByRole('status').filter({ hasText: talentCompanyWords.notices.rosterRequests.accepted }).first()).toBeVisible();
      await expect(talentPage.locator('[data-roster-request-id]')).toHaveCount(0);
      await expect(talentPage.getByRole('heading', { level: 2, name: 'Northwind Labs' })).toBeVisible();
    });

    await test.step('accepted, the owner books an entry for her, which she sees on her Transactions', async () => {
      await page.goto(`/company/talent-roster-details?id=${rosaEntryId}`);
      await expect(page.getByTestId('roster-consent')).toHaveText(words.consent.accepted);
      await expect(page.getByTestId('consent-notice')).toHaveCount(0);
      await page.getByRole('link', { name: words.seeLedger }).click();
      const book = page.getByRole('region', { name: ledgerWords.bookHeading });
      await expect(book.getByLabel(ledgerWords.entry)).toHaveValue(rosaEntryId);
      await book.getByLabel('Type').selectOption('MISC');
      await book.getByLabel(ledgerWords.change).fill('12.50');
      await book.getByRole('button', { name: ledgerWords.book }).click();
      await expect(page.getByRole('status').filter({ hasText: notices.companyTransactions.booked }).first()).toBeVisible();
      await talentPage.goto('/talent/transactions');
      const rows = talentPage.getByTestId('transactions-table').locator('tbody tr').filter({ hasText: 'Northwind Labs' });
      await expect(rows.filter({ has: talentPage.getByTestId('change').getByText('+€12.50', { exact: true }) })).toHaveCount(1);
      await talentContext.close();
      await page.goto(`/company/talent-roster-details?id=${rosaEntryId}`);
    });

    await test.step('removed, the talent leaves the list and is offered again to add', async () => {
      await page.locator('summary', { hasText: words.remove }).click();
      await page.getByRole('button', { name: words.removeConfirmButton.replace('{{name}}', ROSA) }).click();
      await expect(page.getByRole('status').filter({ hasText: notices.talentRoster.removed }).first()).toBeVisible();
      await expect(page.getByTestId('removed-notice')).toBeVisible();
      await page.goto('/company/talent-roster');
      await expect(page.getByRole('link', { name: ROSA })).toHaveCount(0);
      await expect(page.getByLabel(words.candidate).locator('option', { hasText: ROSA })).toHaveCount(1);
      await expectFitsPhoneWidth(page);
    });
  });

  test('the owner books a MISC entry, sees the balance move, reverses it and downloads the CSV; the talent sees both', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInToNorthwind(page);
    await page.goto('/company/talent-roster');
    const entryId = await page
      .locator('li[data-roster-entry-id]')
      .filter({ has: page.getByRole('link', { name: DEMO_TALENT_NAME, exact: true }) })
      .getAttribute('data-roster-entry-id');
    expect(entryId).toBeTruthy();

    await page.goto(`/company/transactions?entry=${entryId}`);
    await expect(page).toHaveTitle(/^Transactions \| /);
    await expect(page.getByTestId('credit-summary')).toContainText('EUR');
    const before = amountOf(await page.getByTestId('balance-amount').innerText());
    await expectNoAxeViolations(page);

    await test.step('a sign against the type is refused in words', async () => {
      const book = page.getByRole('region', { name: ledgerWords.bookHeading });
      await book.getByLabel('Type').selectOption('WITHDRAWAL');
      await book.getByLabel(ledgerWords.change).fill('25');
      await book.getByRole('button', { name: ledgerWords.book }).click();
      await expect(page.getByText(words.errors.changeMustBeOut)).toBeVisible();
      expect(amountOf(await page.getByTestId('balance-amount').innerText())).toBe(before);
    });

    await test.step('a MISC entry moves the balance', async () => {
      const book = page.getByRole('region', { name: ledgerWords.bookHeading });
      await book.getByLabel('Type').selectOption('MISC');
      await book.getByLabel(ledgerWords.change).fill('25.10');
      await book.getByRole('button', { name: ledgerWords.book }).click();
      await expect(page.getByRole('status').filter({ hasText: notices.companyTransactions.booked }).first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`entry=${entryId}`));
      expect(amountOf(await page.getByTestId('balance-amount').innerText())).toBe(addMoney(before, '25.10'));
      const newest = page.getByTestId('transactions-table').locator('tbody tr').first();
      await expect(newest.getByTestId('change')).toHaveText('+€25.10');
      expect(amountOf(await newest.getByTestId('balance-after').innerText())).toBe(addMoney(before, '25.10'));
    });

    await test.step('reversed, the balance is back and both entries stay', async () => {
      const newest = page.getByTestId('transactions-table').locator('tbody tr').first();
      await newest.locator('summary', { hasText: ledgerWords.reverse }).click();
      await newest.getByRole('button', { name: ledgerWords.reverseConfirmButton }).click();
      await expect(page.getByRole('status').filter({ hasText: notices.companyTransactions.reversed }).first()).toBeVisible();
      expect(amountOf(await page.getByTestId('balance-amount').innerText())).toBe(before);
      const rows = page.getByTestId('transactions-table').locator('tbody tr');
      await expect(rows.nth(0).getByTestId('change')).toHaveText('-€25.10');
      await expect(rows.nth(1).getByTestId('change')).toHaveText('+€25.10');
      await expectNoAxeViolations(page);
    });

    await test.step('the CSV holds the filtered ledger with the talent named', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^company-transactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('"Date","Type","Talent","Employee number","Assignment","Change","Currency","Balance after","Transaction ID"');
      expect(lines.slice(1).filter(Boolean).every((line) => line.includes(`"${DEMO_TALENT_NAME}","NW-0042"`))).toBe(true);
      expect(lines.some((line) => /"Miscellaneous","Tara Talent","NW-0042","",-25\.10,"EUR",/.test(line))).toBe(true);
    });

    await test.step('on a phone the page fits', async () => {
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('the talent sees the entry and its reversal on her Transactions', async () => {
      const talentContext = await browser.newContext();
      const talentPage = await talentContext.newPage();
      await signInAs(talentPage, DEMO_TALENT, '/talent/transactions');
      const rows = talentPage.getByTestId('transactions-table').locator('tbody tr').filter({ hasText: 'Northwind Labs' });
      await expect(rows.filter({ has: talentPage.getByTestId('change').getByText('+€25.10', { exact: true }) })).not.toHaveCount(0);
      await expect(rows.filter({ has: talentPage.getByTestId('change').getByText('-€25.10', { exact: true }) })).not.toHaveCount(0);
      await talentContext.close();
    });
  });

  test('a member without the roster permission gets 403, and another company cannot use the entry', async ({ page, browser }) => {
    await signInAs(page, 'recruiter@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    for (const path of ['/company/talent-roster', '/company/talent-roster-details?id=00000000-0000-4000-8000-000000000000', '/company/transactions']) {
      expect((await page.goto(path))?.status(), path).toBe(403);
    }
    await expect(companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentRoster })).toHaveCount(0);

    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signInToNorthwind(ownerPage);
    await ownerPage.goto('/company/talent-roster');
    const northwindEntry = await ownerPage.locator('li[data-roster-entry-id]').first().getAttribute('data-roster-entry-id');
    await selectCompany(ownerPage, 'Brightpath Consulting');
    // The owner is in Northwind too: the entry's address takes her there, with the notice.
    await ownerPage.goto(`/company/talent-roster-details?id=${northwindEntry}`);
    await expect(ownerPage).toHaveURL(new RegExp(`/company/talent-roster-details\\?id=${northwindEntry}$`));
    await expect(ownerPage.getByRole('status').filter({ hasText: 'Company has been changed' })).toBeVisible();
    await expect(ownerPage.getByTestId('company-name')).toHaveText('Northwind Labs');
    await selectCompany(ownerPage, 'Brightpath Consulting');
    // Another company's entry in the address is not one the filter offers: it is dropped, never used.
    const exported = await ownerPage.request.get(`/company/transactions.csv?entry=${northwindEntry}`, { maxRedirects: 0 });
    expect(exported.status()).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain('BP-1187');
    expect(csv).not.toContain('NW-0042');
    await owner.close();
  });
});
