import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { pdfBytes, pngBytes } from '../support/upload-fixtures';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (README: demo accounts), who starts without a picture or
// documents. Tests in this file run in order in one worker and remove what they upload.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };
const MEDIA_SRC = /^\/media\/[0-9a-f-]{36}\.webp$/;

// Each test loads the profile page many times; the shared machine can be slow.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Talent menu' }).first();
/** The profile header: the innermost block holding both the page's one h1 and an avatar. */
const profileHeader = (page: Page) => page.locator('div', { has: page.getByRole('heading', { level: 1 }) }).filter({ has: page.locator('tp-avatar') }).last();
const pictureSection = (page: Page) => page.getByRole('region', { name: 'Profile picture' });
const documentsSection = (page: Page) => page.getByRole('region', { name: 'CV and documents' });
const documentGroup = (page: Page, heading: string) => documentsSection(page).getByRole('group', { name: heading, exact: true });

/** The side menu's score as a number (its indicator reads "Profile score 60%"). */
async function menuScore(page: Page): Promise<number> {
  const label = await sideMenu(page).getByRole('img', { name: /^Profile score \d+%$/ }).getAttribute('aria-label');
  return Number(/(\d+)%/.exec(label ?? '')?.[1]);
}

/** Whether the score dialog's checklist has the picture as done. */
async function pictureChecked(page: Page): Promise<string | null> {
  const help = page.getByRole('button', { name: 'Open profile score details' });
  await help.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Profile score' });
  await expect(dialog).toBeVisible();
  const state = await dialog.getByRole('listitem').filter({ hasText: 'Profile picture' }).getAttribute('data-complete');
  await dialog.getByRole('button', { name: 'Close profile score details' }).click();
  await expect(dialog).toBeHidden();
  return state;
}

async function expectLoadedPicture(image: Locator) {
  await expect(image).toHaveAttribute('src', MEDIA_SRC);
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

/** Leaves the demo talent as seeded, whatever an earlier failed run left behind. */
async function removeLeftovers(page: Page) {
  for (const [region, button] of [
    [pictureSection(page), 'Remove picture'],
    [documentGroup(page, 'CV'), 'Remove CV'],
    [documentGroup(page, 'Resume'), 'Remove resume'],
  ] as const) {
    const remove = region.getByRole('button', { name: button });
    if (await remove.isVisible()) {
      await remove.click();
      await expect(region.getByRole('button', { name: button })).toBeHidden();
    }
  }
}

test.describe('talent profile uploads', () => {
  test('a picture shows in the header and the side menu and raises the score by 5; removing it restores both', async ({ page }) => {
    await signIn(page, '/talent/profile');
    await removeLeftovers(page);
    await expect(pictureSection(page).getByText('No picture yet.')).toBeVisible();
    const before = await menuScore(page);
    expect(await pictureChecked(page)).toBe('false');

    await pictureSection(page).getByLabel('Choose a picture').setInputFiles({ name: 'tara.png', mimeType: 'image/png', buffer: await pngBytes(400, 300) });
    await pictureSection(page).getByRole('button', { name: 'Upload picture' }).click();
    await expect(page).toHaveURL(/\/talent\/profile#picture$/);
    await expect(page.locator('tp-toaster').getByText('Profile picture uploaded')).toBeVisible();

    await expectLoadedPicture(sideMenu(page).locator('tp-avatar img'));
    await expectLoadedPicture(profileHeader(page).locator('tp-avatar img'));
    await expectLoadedPicture(pictureSection(page).getByRole('img', { name: 'Your profile picture' }));
    expect(await menuScore(page)).toBe(before + 5);
    expect(await pictureChecked(page)).toBe('true');
    await expectNoAxeViolations(page);

    // The picture is served with long caching, as what we stored.
    const src = (await sideMenu(page).locator('tp-avatar img').getAttribute('src'))!;
    const response = await page.request.get(src);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toContain('immutable');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');

    await pictureSection(page).getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.locator('tp-toaster').getByText('Profile picture removed')).toBeVisible();
    await expect(pictureSection(page).getByText('No picture yet.')).toBeVisible();
    await expect(sideMenu(page).locator('tp-avatar img')).toHaveCount(0);
    expect(await menuScore(page)).toBe(before);
    expect((await page.request.get(src)).status()).toBe(404);
  });

  test('a PDF CV is uploaded and downloaded; a wrong type gets a message on its field', async ({ page }) => {
    await signIn(page, '/talent/profile');
    const cv = () => documentGroup(page, 'CV');
    await cv().getByLabel('Choose a CV').setInputFiles({ name: 'tara-cv.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Tara Talent') });
    await cv().getByRole('button', { name: 'Upload CV' }).click();
    await expect(page).toHaveURL(/\/talent\/profile#documents$/);
    await expect(page.locator('tp-toaster').getByText('CV uploaded')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await cv().getByRole('link', { name: 'Download tara-cv.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('tara-cv.pdf');
    expect((await readFile((await download.path())!)).equals(pdfBytes('Tara Talent'))).toBe(true);

    // A PNG named like a PDF is refused by its content; the stored CV stays.
    await cv().getByLabel('Choose a new CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await pngBytes() });
    await cv().getByRole('button', { name: 'Upload CV' }).click();
    const input = cv().getByLabel('Choose a new CV');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/The file must be a PDF\./);
    await expect(cv().getByRole('link', { name: 'Download tara-cv.pdf' })).toBeVisible();
    await expectNoAxeViolations(page);

    await cv().getByRole('button', { name: 'Remove CV' }).click();
    await expect(cv().getByText('No CV uploaded yet.')).toBeVisible();
  });

  test('uploads work without JavaScript, and a picture over 5 MB is refused before it is read', async ({ page, browser, baseURL }) => {
    await signIn(page, '/talent/profile');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, acceptDownloads: true, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/talent/profile');
      const resume = () => documentGroup(noJs, 'Resume');
      await resume().getByLabel('Choose a resume').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Resume') });
      await resume().getByRole('button', { name: 'Upload resume' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile#documents$/);
      await expect(resume().getByRole('status')).toHaveText('Resume uploaded');
      await expect(resume().getByRole('link', { name: 'Download resume.pdf' })).toBeVisible();

      const empty = pictureSection(noJs);
      await empty.getByLabel('Choose a picture').setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
      await empty.getByRole('button', { name: 'Upload picture' }).click();
      await expect(pictureSection(noJs).getByLabel('Choose a picture')).toHaveAccessibleDescription(/The file is empty\./);

      const huge = Buffer.alloc(6 * 1024 * 1024, 1);
      (await pngBytes()).copy(huge, 0, 0, 16);
      await pictureSection(noJs).getByLabel('Choose a picture').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
      await pictureSection(noJs).getByRole('button', { name: 'Upload picture' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile\?tooLarge=picture#picture$/);
      const field = pictureSection(noJs).getByLabel('Choose a picture');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/The file is larger than 5 MB\./);

      await resume().getByRole('button', { name: 'Remove resume' }).click();
      await expect(resume().getByRole('status')).toHaveText('Resume removed');
      await expect(resume().getByText('No resume uploaded yet.')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
