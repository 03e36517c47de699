import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openCreateFormWithFreeMonth } from './support/billing-forms';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// Files on the lines of a draft billing, as the demo talent. The spec creates a draft of
// its own in a month the seed left unbilled, works only on it and deletes it at the end,
// so it never depends on (or changes) what another spec sees.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

test('a draft line takes a PDF without JavaScript: listed, downloaded privately, removed; a wrong type is said on its field', async ({ page, browser, baseURL }) => {
  await signIn(page, '/talent/billing');
  const period = await openCreateFormWithFreeMonth(page);
  const description = `Attachment test ${Date.now() % 100000}`;
  const form = page.getByRole('region', { name: 'New billing' });
  await form.getByLabel('Description', { exact: true }).fill(description);
  await form.getByLabel('Quantity', { exact: true }).fill('8');
  await form.getByLabel('Price per unit').fill('50');
  // A line that is not saved yet cannot take files, and says so.
  await expect(form.getByRole('group', { name: 'Line 1', exact: true })).toContainText('Files can be attached to this line once the billing is saved.');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/talent\/billing\?id=[0-9a-f-]{36}$/);
  const billingAddress = page.url();

  const attachments = page.getByRole('region', { name: 'Attachments' });
  const lineGroup = attachments.getByRole('group', { name: `Line 1: ${description}` });
  await expect(lineGroup).toContainText('No files attached to this line.');
  await expectNoAxeViolations(page);

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  try {
    await noJs.goto(billingAddress);
    const group = noJs.getByRole('region', { name: 'Attachments' }).getByRole('group', { name: `Line 1: ${description}` });
    const fileInput = group.getByLabel('Add a file to line 1');

    // A text file named .pdf is not a PDF: refused on its field, nothing stored.
    await fileInput.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes') });
    await group.getByRole('button', { name: 'Attach file to line 1' }).click();
    await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput).toHaveAccessibleDescription(/The file must be a PDF, PNG, JPEG or WebP\./);
    await expect(group).toContainText('No files attached to this line.');

    // Nothing chosen.
    await group.getByRole('button', { name: 'Attach file to line 1' }).click();
    await expect(fileInput).toHaveAccessibleDescription(/Choose a file to attach\./);

    await fileInput.setInputFiles({ name: 'timesheet-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
    await group.getByRole('button', { name: 'Attach file to line 1' }).click();
    await expect(noJs).toHaveURL(/\?id=[0-9a-f-]{36}#line-[0-9a-f-]{36}-attachments$/);
    await expect(noJs.getByRole('status')).toHaveText('File attached');
    const link = group.getByRole('link', { name: 'timesheet-e2e.pdf' });
    await expect(link).toBeVisible();
    await expect(group.getByTestId('attachment')).toContainText('1 kB');
    await expect(noJs.getByRole('article').getByRole('link', { name: '1 file attached (see Attachments below)' })).toBeVisible();
  } finally {
    await context.close();
  }

  // Downloaded as a file, never shown inline, never cached; only to a signed-in owner.
  await page.reload();
  const link = lineGroup.getByRole('link', { name: 'timesheet-e2e.pdf' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/billing-attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('timesheet-e2e.pdf');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="timesheet-e2e\.pdf"/);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  expect((await response.body()).equals(PDF)).toBe(true);
  expect((await page.request.get(href.replace(/[0-9a-f-]{36}\.pdf$/, '00000000-0000-4000-8000-000000000000.pdf'))).status()).toBe(404);
  const guest = await browser.newContext({ baseURL });
  try {
    const asGuest = await guest.request.get(href, { maxRedirects: 0 });
    expect(asGuest.status()).toBe(303);
    expect(asGuest.headers().location).toMatch(/^\/sign-in\?returnTo=/);
  } finally {
    await guest.close();
  }

  await lineGroup.getByRole('button', { name: 'Remove timesheet-e2e.pdf from line 1' }).click();
  await expect(page.locator('tp-toaster').getByText('File removed')).toBeVisible();
  await expect(lineGroup).toContainText('No files attached to this line.');
  expect((await page.request.get(href)).status()).toBe(404);

  // An upload over 10 MB is refused from its Content-Length before it is read, back on its field.
  const uploadForm = lineGroup.locator('form[enctype="multipart/form-data"]');
  const action = (await uploadForm.getAttribute('action'))!;
  const field = (name: string) => uploadForm.locator(`input[name="${name}"]`).inputValue();
  const huge = Buffer.alloc(11 * 1024 * 1024, 0x20);
  PDF.copy(huge);
  const oversized = await page.request.post(action, {
    multipart: { csrf: await field('csrf'), form: 'attachment', billingId: await field('billingId'), lineId: await field('lineId'), file: { name: 'huge.pdf', mimeType: 'application/pdf', buffer: huge } },
    maxRedirects: 0,
  });
  expect(oversized.status()).toBe(303);
  const back = oversized.headers().location!;
  expect(back).toMatch(/[?&]attachmentTooLarge=[0-9a-f-]{36}#line-/);
  await page.goto(back);
  await expect(lineGroup.getByLabel('Add a file to line 1')).toHaveAccessibleDescription(/The file is larger than 10 MB\. Choose a smaller one\./);
  await expect(lineGroup).toContainText('No files attached to this line.');

  // The edit form keeps the saved line's files and says where they are managed.
  await page.getByRole('link', { name: `Edit the billing for ${period}` }).click();
  await expect(page.getByRole('group', { name: 'Line 1', exact: true })).toContainText("This line's files are kept. Add or remove them on the billing's page.");

  // Clean up: the month is free again for the next run.
  await page.goto(billingAddress);
  await page.getByRole('link', { name: `Delete the billing for ${period}` }).click();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page).toHaveURL(/\/talent\/billing$/);
});

test('a sent billing has no attachment forms', async ({ page }) => {
  await signIn(page, '/talent/billing?status=SENT');
  await page.getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(page.getByRole('article').getByTestId('billing-status')).toHaveText('Sent');
  await expect(page.getByRole('region', { name: 'Attachments' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Attach file/ })).toHaveCount(0);
});
