import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addMoney } from '../../src/lib/money/decimal-money';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (src/server/db/seed/billing.ts): two roster entries,
// Northwind (EUR) and Brightpath (GBP), whose balances are the running sum of their
// salary, commission, misc and withdrawal transactions. These tests only read.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

/** "+€1,234.50" / "-£61.73" / "€0" as a plain decimal. */
function amountOf(text: string): string {
  const plain = text.replace(/[^\d.-]/g, '');
  return addMoney(plain.includes('.') ? plain : `${plain}.00`);
}

interface Row {
  id: string;
  rosterEntry: string;
  date: string;
  type: string;
  change: string;
  balanceAfter: string;
}

/** The table's rows, read in one round trip (the page is server-rendered: nothing changes after load). */
async function tableRows(page: Page): Promise<Row[]> {
  await expect(page.getByTestId('transactions-table').locator('tbody tr').first()).toBeVisible();
  const raw = await page
    .getByTestId('transactions-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        id: row.getAttribute('data-transaction-id') ?? '',
        rosterEntry: row.getAttribute('data-roster-entry') ?? '',
        date: row.querySelector('time')?.getAttribute('datetime') ?? '',
        type: (row.querySelector('[data-testid="type"]') as HTMLElement | null)?.innerText.trim() ?? '',
        change: (row.querySelector('[data-testid="change"]') as HTMLElement | null)?.innerText ?? '',
        balanceAfter: (row.querySelector('[data-testid="balance-after"]') as HTMLElement | null)?.innerText ?? '',
      })),
    );
  return raw.map((row) => ({ ...row, change: amountOf(row.change), balanceAfter: amountOf(row.balanceAfter) }));
}

/** One RFC 4180 record: quoted cells lose their quotes and doubled quotes, bare cells stay as they are. */
function csvCells(record: string): string[] {
  return [...record.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) => (match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!));
}

const countIn = async (page: Page) => Number(/^(\d+) transactions?$/.exec((await page.getByTestId('results-heading').innerText()).trim())?.[1]);

test.describe('talent transactions', () => {
  test('lists the seeded transactions with running balances that end at each balance, and has no axe violations', async ({ page }) => {
    await signIn(page, '/talent/transactions');
    await expect(page).toHaveTitle(/^Transactions \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transactions');
    await expect(page.getByRole('navigation', { name: 'Talent menu' }).first().getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');

    const cards = page.getByTestId('balances').getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Northwind Labs' })).toContainText('EUR');
    await expect(cards.filter({ hasText: 'Brightpath' })).toContainText('GBP');

    // Oldest first, so each entry's running balance can be replayed row by row.
    await page.getByLabel('Order').selectOption('oldest');
    await page.getByRole('button', { name: 'Show transactions' }).click();
    await expect(page).toHaveURL(/sort=oldest/);
    const rows = await tableRows(page);
    expect(rows.length).toBe(await countIn(page));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['Salary', 'Commission', 'Miscellaneous', 'Withdrawal']));
    const running = new Map<string, string>();
    for (const row of rows) {
      const expected = addMoney(running.get(row.rosterEntry) ?? '0', row.change);
      expect(row.balanceAfter, `balance after ${row.type} ${row.change} on ${row.date}`).toBe(expected);
      running.set(row.rosterEntry, expected);
    }
    for (const card of await cards.all()) {
      const entry = (await card.getAttribute('data-roster-entry'))!;
      expect(amountOf(await card.getByTestId('balance-amount').innerText())).toBe(running.get(entry));
    }

    // All time: each currency's net total is that currency's balance (one entry per currency here).
    const totals = page.getByTestId('transaction-totals');
    for (const currency of ['EUR', 'GBP']) {
      const net = amountOf(await totals.locator(`tr[data-currency="${currency}"]`).getByTestId('total-net').innerText());
      expect(net).toBe(amountOf(await cards.filter({ hasText: currency }).getByTestId('balance-amount').innerText()));
    }
    await expectNoAxeViolations(page);
  });

  test('filters by a period without changing the running balances, and exports exactly the filtered rows', async ({ page }) => {
    await signIn(page, '/talent/transactions');
    const all = await tableRows(page);
    const balanceById = new Map(all.map((row) => [row.id, row.balanceAfter]));
    // The month of the oldest transaction: some rows, not all of them.
    const oldest = all.map((row) => row.date).sort()[0]!;
    const from = `${oldest.slice(0, 7)}-01`;
    const lastDay = new Date(Date.UTC(Number(oldest.slice(0, 4)), Number(oldest.slice(5, 7)), 0)).getUTCDate();
    const to = `${oldest.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`;

    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Show transactions' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    const filtered = await tableRows(page);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect(await countIn(page)).toBe(filtered.length);
    for (const row of filtered) {
      expect(row.date.slice(0, 10) >= from && row.date.slice(0, 10) <= to, row.date).toBe(true);
      expect(row.balanceAfter).toBe(balanceById.get(row.id));
    }

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`transactions-${from}-${to}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('"Date","Type","Company","Assignment","Change","Currency","Balance after","Transaction ID"');
    const records = lines.slice(1, -1);
    expect(records).toHaveLength(filtered.length);
    for (const [index, row] of filtered.entries()) {
      const cells = csvCells(records[index]!);
      expect(cells).toHaveLength(8);
      expect(cells[0]).toBe(row.date.slice(0, 10));
      expect(cells[1]).toBe(row.type);
      expect(cells[4]).toBe(row.change);
      expect(cells[6]).toBe(row.balanceAfter);
      expect(cells[7]).toBe(row.id);
    }
    // Amounts stay numbers: a negative change is written bare, without the formula guard.
    expect(records.some((record) => /,-\d+\.\d{2},"[A-Z]{3}",/.test(record))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('a period without transactions offers to clear the filter', async ({ page }) => {
    await signIn(page, '/talent/transactions?from=1950-01-01&to=1950-12-31');
    await expect(page.getByTestId('results-heading')).toHaveText('0 transactions');
    const empty = page.getByTestId('empty-filtered');
    await expect(empty).toContainText('No transactions match this filter');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    await empty.getByRole('link', { name: 'Clear the filter' }).click();
    await expect(page).toHaveURL(/\/talent\/transactions$/);
    await expect(page.getByTestId('transactions-table')).toBeVisible();
  });

  test('a period that ends before it starts is refused next to the field, keeping what was typed', async ({ page }) => {
    await signIn(page, '/talent/transactions');
    await page.getByLabel('From', { exact: true }).fill('2025-06-02');
    await page.getByLabel('To', { exact: true }).fill('2025-06-01');
    const [response] = await Promise.all([page.waitForResponse((answer) => answer.url().includes('/talent/transactions?')), page.getByRole('button', { name: 'Show transactions' }).click()]);
    expect(response.status()).toBe(422);
    const to = page.getByLabel('To', { exact: true });
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveValue('2025-06-01');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2025-06-02');
    await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Fix the period above' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The export of such a period hands no file: it sends the user to the page, which explains.
    const exported = await page.request.get('/talent/transactions.csv?from=2025-06-02&to=2025-06-01', { maxRedirects: 0 });
    expect(exported.status()).toBe(303);
    expect(exported.headers()['location']).toBe('/talent/transactions?from=2025-06-02&to=2025-06-01');
  });

  test('fits a 390 px wide screen without the page scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, '/talent/transactions');
    await expect(page.getByTestId('transactions-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('the CSV export answers a guest with a redirect to sign-in, not data', async ({ request }) => {
    const response = await request.get('/talent/transactions.csv?from=2020-01-01&to=2030-12-31', { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    // The area guard of the middleware: after signing in, the export asked for downloads.
    expect(response.headers()['location']).toBe(`/sign-in?returnTo=${encodeURIComponent('/talent/transactions.csv?from=2020-01-01&to=2030-12-31')}`);
    expect(response.headers()['content-type'] ?? '').not.toContain('text/csv');
    expect(response.headers()['content-disposition']).toBeUndefined();
    expect(await response.text()).not.toMatch(/Transaction ID|Northwind/);
  });
});
