import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import messageWords from '../../src/locales/en/common/messages.json' with { type: 'json' };
import { publishJobAd, selectCompany, talentApplies } from './support/company-area';
import nodemailer from 'nodemailer';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { outboxDirOf } from '../support/built-server';
import { waitForMail } from '../support/outbox';
import { pdfBytes } from '../support/upload-fixtures';

// Messages about an application, both ways: the demo owner writes to the demo talent on an
// application to an ad the test publishes (so the seeded applications stay as they are), the
// talent finds it unread in her messages, reads it and answers; the owner finds the answer
// unread in the company's inbox and reads it on the application. A typed message refused
// (empty) keeps the page and says why. A message reaches the other side's open conversation
// live, without a reload and without touching what is being typed there.
const OWNER = 'owner@demo.test';
const TALENT = 'talent@demo.test';
const words = messageWords.messages;
const sentNotice = (page: Page) => page.getByRole('status').filter({ hasText: messageWords.notices.messages.sent }).first();

test.describe('messages between a company and a talent', () => {
  test('the owner writes on an application, the talent answers from her messages, the owner reads the answer', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Messages ${stamp}`;
    const { adId, talent, talentContext } = await talentApplies(page, browser, title);
    let threadUrl = '';
    let applicationUrl = '';

    await test.step('the owner opens the application and writes; an empty message is refused beside the field', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
      await page.locator('[data-application-id]').first().getByRole('link').first().click();
      const thread = page.getByRole('region', { name: /^Messages with / });
      await expect(thread).toContainText(words.empty);
      applicationUrl = page.url();
      await thread.getByRole('button', { name: words.send }).click();
      await expect(page.getByRole('region', { name: /^Messages with / }).getByLabel(words.bodyField)).toHaveAccessibleDescription(new RegExp(words.errors.bodyRequired));
      await page.getByRole('region', { name: /^Messages with / }).getByLabel(words.bodyField).fill(`Can you start in March? (${stamp})`);
      await page.getByRole('region', { name: /^Messages with / }).getByRole('button', { name: words.send }).click();
      await expect(sentNotice(page)).toBeVisible();
      await expect(page.locator('[data-message-id]').last()).toContainText(`Can you start in March? (${stamp})`);
      await expect(page.locator('[data-message-id]').last()).toContainText(words.you);
      await expectNoAxeViolations(page);
    });

    // The owner moves on: an open conversation would show the answer at once, and read it.
    await page.goto('/company/dashboard');

    await test.step('the talent finds it unread, opens it and answers, at phone width', async () => {
      await talent.setViewportSize({ width: 390, height: 844 });
      await talent.goto('/talent/messages?unread=1');
      const row = talent.locator('[data-thread-id]').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row.locator('[data-unread]')).toHaveText('1 unread');
      await expectNoAxeViolations(talent);
      await expectFitsPhoneWidth(talent);
      const menuCount = async () => {
        const count = talent.locator('[data-live-copy="side-menu"] [data-menu-count]').first();
        return (await count.count()) ? Number.parseInt((await count.textContent()) ?? '0', 10) : 0;
      };
      const unreadBefore = await menuCount();
      expect(unreadBefore).toBeGreaterThan(0);
      await row.getByRole('link').click();
      await expect(talent.getByRole('heading', { level: 1 })).toHaveText('Northwind Labs');
      threadUrl = talent.url();
      await expect(talent.locator('[data-message-id]').first()).toContainText(`Can you start in March? (${stamp})`);
      // The conversation is read as it opens: the menu beside it counts it no more.
      expect(await menuCount()).toBe(unreadBefore - 1);
      await talent.getByLabel(words.bodyField).fill(`Yes, March works. (${stamp})`);
      // From the message to the file picker, then to Send: the keyboard reaches each in order.
      await talent.keyboard.press('Tab');
      await expect(talent.getByLabel(words.attachments.field)).toBeFocused();
      await talent.keyboard.press('Tab');
      await expect(talent.getByRole('button', { name: words.send })).toBeFocused();
      await talent.keyboard.press('Enter');
      // The answer is in place after the post (its toast lasts 5 s, which a loaded machine may spend loading the page).
      await expect(talent).toHaveURL(/\/talent\/messages\?thread=[0-9a-f-]{36}#messages$/);
      await expect(talent.locator('[data-message-id]').last()).toContainText(`Yes, March works. (${stamp})`);
      await expectNoAxeViolations(talent);
      await expectFitsPhoneWidth(talent);
      await talent.goto('/talent/messages?unread=1');
      await expect(talent.locator('[data-thread-id]').filter({ hasText: title })).toHaveCount(0);
    });

    await test.step("the owner finds the answer unread in the company's inbox and reads it on the application", async () => {
      await page.goto('/company/messages?unread=1');
      const row = page.locator('[data-thread-id]').filter({ hasText: title });
      await expect(row.locator('[data-unread]')).toHaveText('1 unread');
      // The side menu counts the conversations with something unread.
      await expect(page.getByRole('link', { name: /^Messages \d+ unread$/ }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await row.getByRole('link').click();
      await expect(page).toHaveURL(/\/company\/job-application\?id=.*#messages$/);
      await expect(page.locator('[data-message-id]').last()).toContainText(`Yes, March works. (${stamp})`);
      await page.goto('/company/messages?unread=1');
      await expect(page.locator('[data-thread-id]').filter({ hasText: title })).toHaveCount(0);
      await expectFitsPhoneWidth(page);
    });
    await test.step('live: a message appears on the open conversation of the other side without a reload, and what she is typing stays', async () => {
      await talent.goto(threadUrl.split('#')[0]!);
      await talent.getByLabel(words.bodyField).fill('Half-typed answer');
      // The stream is open once the page has loaded its island.
      await talent.waitForFunction(() => document.querySelector('[data-live-region]') !== null);
      await talent.waitForTimeout(300);
      await page.goto(applicationUrl);
      const navigations: string[] = [];
      talent.on('framenavigated', (frame) => navigations.push(frame.url()));
      await page.getByLabel(words.bodyField).fill(`Live check (${stamp})`);
      await page.getByRole('button', { name: words.send }).click();
      await expect(sentNotice(page)).toBeVisible();
      await expect(talent.locator('[data-message-id]').last()).toContainText(`Live check (${stamp})`, { timeout: 3_000 });
      await expect(talent.getByLabel(words.bodyField)).toHaveValue('Half-typed answer');
      expect(navigations).toEqual([]);
    });

    await test.step("the owner's message reaches the talent by mail; her answer from a mail client lands in the conversation, the quote cut off", async () => {
      const mail = await waitForMail(outboxDirOf(new URL(page.url()).origin), TALENT, { subject: /sent you a message about/ });
      expect(mail.text).toContain(`Live check (${stamp})`);
      expect(mail.replyTo).toMatch(/^reply\+[A-Za-z0-9_-]{64}@replies\.talentplace\.test$/);
      const client = nodemailer.createTransport({ host: '127.0.0.1', port: Number(process.env.E2E_SMTP_PORT ?? 4525), secure: false, ignoreTLS: true });
      await client.sendMail({ from: TALENT, to: mail.replyTo, subject: `Re: ${mail.subject}`, text: `Answered by mail (${stamp}).\n\nOn Sun, Northwind Labs wrote:\n> Live check (${stamp})\n` });
      // The owner's open conversation shows it live.
      await expect(page.locator('[data-message-id]').last()).toContainText(`Answered by mail (${stamp}).`, { timeout: 3_000 });
      await expect(page.locator('[data-message-id]').last()).not.toContainText('wrote:');
    });
    await test.step('live: her inbox, her side menu and her bell count a new message at once', async () => {
      await talent.goto('/talent/messages');
      await talent.waitForFunction(() => document.querySelector('[data-live-region]') !== null);
      await talent.waitForTimeout(300);
      const bellBefore = await talent.getByTestId('notification-bell').getAttribute('aria-label');
      await page.getByRole('region', { name: /^Messages with / }).getByLabel(words.bodyField).fill(`Counted live (${stamp})`);
      await page.getByRole('region', { name: /^Messages with / }).getByRole('button', { name: words.send }).click();
      await expect(sentNotice(page)).toBeVisible();
      await expect(talent.locator('[data-thread-id]').filter({ hasText: title }).locator('[data-unread]')).toHaveText('1 unread', { timeout: 3_000 });
      await expect(talent.locator('[data-live-copy="side-menu"] [data-menu-count]').first()).toHaveText(/^1/);
      await expect(talent.getByTestId('notification-bell')).not.toHaveAttribute('aria-label', bellBefore ?? '');
    });
    await talentContext.close();
  });

  test('the talent writes first about her application from her applied jobs; the owner finds it unread', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const title = `Talent first ${stamp}`;
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const adId = await publishJobAd(page, title);
    await page.goto('/company/dashboard');

    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await talent.goto(`/job-apply-form?jobAdId=${adId}`);
    await talent.getByRole('button', { name: 'Send application' }).click();
    await talent.goto('/talent/applied-jobs');
    await talent.getByRole('link', { name: words.applicationLinkLabel.replace('{{title}}', title) }).click();
    await expect(talent.getByRole('heading', { level: 1 })).toHaveText('Northwind Labs');
    await expect(talent.getByRole('region', { name: /^Messages with / })).toContainText(words.empty);
    await expectNoAxeViolations(talent);
    await talent.getByLabel(words.bodyField).fill(`Is the role open to remote work? (${stamp})`);
    await talent.getByRole('button', { name: words.send }).click();
    await expect(sentNotice(talent)).toBeVisible();
    await expect(talent).toHaveURL(/\/talent\/messages\?thread=[0-9a-f-]{36}#messages$/);
    // Her applied jobs lead to the same conversation now.
    await talent.goto('/talent/applied-jobs');
    await talent.getByRole('link', { name: words.applicationLinkLabel.replace('{{title}}', title) }).click();
    await expect(talent.locator('[data-message-id]')).toHaveCount(1);

    await page.goto('/company/messages?unread=1');
    const row = page.locator('[data-thread-id]').filter({ hasText: title });
    await expect(row.locator('[data-unread]')).toHaveText('1 unread');
    // Narrowed to invitations, the conversation about an application is not there; to its job ad, it is.
    const filters = page.getByRole('search', { name: words.inbox.filtersLabel });
    await filters.getByLabel(words.inbox.aboutField).selectOption('INVITATION');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('[data-thread-id]').filter({ hasText: title })).toHaveCount(0);
    await page.getByRole('search', { name: words.inbox.filtersLabel }).getByLabel(words.inbox.aboutField).selectOption('');
    await page.getByRole('search', { name: words.inbox.filtersLabel }).getByLabel(words.inbox.jobAdField).selectOption({ label: title });
    await page.getByRole('search', { name: words.inbox.filtersLabel }).getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('[data-thread-id]')).toHaveCount(1);
    await expect(page.locator('[data-thread-id]').filter({ hasText: title })).toHaveCount(1);
    await expectNoAxeViolations(page);
    // The owner published the ad: his bell tells him who wrote, and leads to the conversation on the application.
    await page.goto('/notifications');
    await page.getByRole('link', { name: `Tara Talent wrote to Northwind Labs about ${title}.` }).click();
    await expect(page).toHaveURL(/\/company\/job-application\?id=[0-9a-f-]{36}#messages$/);
    await expect(page.locator('[data-message-id]').last()).toContainText(`Is the role open to remote work? (${stamp})`);
    await talentContext.close();
  });

  test('the owner writes about an invitation it sent; the talent reads it, closes the conversation and opens it again', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await page.goto('/company/sent-invitations');
    await page.locator('[data-invitation-id]').filter({ hasText: 'Tara Talent' }).first().getByRole('link', { name: 'Open the invitation of Tara Talent' }).click();
    const thread = page.getByRole('region', { name: 'Messages with Tara Talent' });
    await thread.getByLabel(words.bodyField).fill(`About this invitation (${stamp})`);
    await thread.getByRole('button', { name: words.send }).click();
    await expect(sentNotice(page)).toBeVisible();
    await expect(page.locator('[data-message-id]').last()).toContainText(`About this invitation (${stamp})`);
    await expectNoAxeViolations(page);
    const threadId = await page.locator('#message-list').getAttribute('data-live-thread');

    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await talent.goto(`/talent/messages?thread=${threadId}`);
    await expect(talent.locator('[data-message-id]').last()).toContainText(`About this invitation (${stamp})`);
    await expect(talent.getByRole('link', { name: words.record.invitation })).toHaveAttribute('href', /^\/talent\/invitation\?id=[0-9a-f-]{36}$/);

    // She closes the conversation: the company can no longer write in it.
    await talent.getByRole('button', { name: words.closeLabel.replace('{{name}}', 'Northwind Labs') }).click();
    await expect(talent.getByRole('status').filter({ hasText: messageWords.notices.messages.closed }).first()).toBeVisible();
    await expect(talent.locator('[data-thread-closed]')).toHaveText(words.closedByYou.replace('{{name}}', 'Northwind Labs'));
    await expectNoAxeViolations(talent);
    await page.reload();
    await expect(page.locator('[data-thread-closed]')).toHaveText(words.closedByThem.replace('{{name}}', 'Tara Talent'));
    await expect(page.getByRole('region', { name: 'Messages with Tara Talent' }).getByLabel(words.bodyField)).toHaveCount(0);
    await talent.getByRole('button', { name: words.openAgainLabel.replace('{{name}}', 'Northwind Labs') }).click();
    await expect(talent.getByRole('status').filter({ hasText: messageWords.notices.messages.opened }).first()).toBeVisible();
    await talentContext.close();
  });

  test('the owner writes about an assignment at phone width; the talent finds it on her assignment and answers', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/company/talent-assignments');
    await page.locator('li[data-assignment-id]').filter({ hasText: 'Tara Talent' }).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/company\/talent-assignment\?id=/);
    const assignmentId = new URL(page.url()).searchParams.get('id');
    const thread = page.getByRole('region', { name: 'Messages with Tara Talent' });
    await thread.getByLabel(words.bodyField).fill(`Badge pickup on **Monday** (${stamp})`);
    // A script renamed .pdf is refused by its content; what was typed stays.
    const files = thread.getByLabel(words.attachments.field);
    await files.setInputFiles({ name: 'site-rules.pdf', mimeType: 'application/pdf', buffer: Buffer.from('#!/bin/sh\necho hi\n') });
    await thread.getByRole('button', { name: words.send }).click();
    await expect(page.getByRole('region', { name: 'Messages with Tara Talent' }).getByText(words.errors.attachments.wrongType)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages with Tara Talent' }).getByLabel(words.attachments.field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('region', { name: 'Messages with Tara Talent' }).getByLabel(words.bodyField)).toHaveValue(`Badge pickup on **Monday** (${stamp})`);
    await page.getByRole('region', { name: 'Messages with Tara Talent' }).getByLabel(words.attachments.field).setInputFiles({ name: 'site-rules.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Site rules') });
    await page.getByRole('region', { name: 'Messages with Tara Talent' }).getByRole('button', { name: words.send }).click();
    await expect(sentNotice(page)).toBeVisible();
    await expect(page.locator('[data-message-id]').last()).toContainText(`Badge pickup on Monday (${stamp})`);
    await expect(page.locator('[data-message-id]').last().getByRole('link', { name: 'Download site-rules.pdf' })).toBeVisible();
    // Messages are the product's safe Markdown: the stars made it bold.
    await expect(page.locator('[data-message-id]').last().locator('strong')).toHaveText('Monday');
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);

    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await talent.goto(`/talent/assignment?id=${assignmentId}`);
    const link = talent.getByRole('link', { name: words.assignment.linkLabel.replace('{{company}}', 'Northwind Labs') });
    await expectNoAxeViolations(talent);
    await link.click();
    await expect(talent.locator('[data-message-id]').last()).toContainText(`Badge pickup on Monday (${stamp})`);
    // She downloads the file the company sent: only the two sides of the conversation can.
    const [download] = await Promise.all([talent.waitForEvent('download'), talent.getByRole('link', { name: 'Download site-rules.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('site-rules.pdf');
    await expect(talent.getByRole('link', { name: words.record.assignment })).toHaveAttribute('href', `/talent/assignment?id=${assignmentId}`);
    await talent.getByLabel(words.bodyField).fill(`I will be there (${stamp})`);
    await talent.getByRole('button', { name: words.send }).click();
    await expect(talent.getByRole('status').filter({ hasText: messageWords.notices.messages.sent }).first()).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-message-id]').last()).toContainText(`I will be there (${stamp})`);
    await talentContext.close();
  });

  test('the talent reports a conversation and closes it; a moderator reads it and closes it to the company', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Reported ${stamp}`;
    const { adId, talent, talentContext } = await talentApplies(page, browser, title);
    await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
    await page.locator('[data-application-id]').first().getByRole('link').first().click();
    await page.getByRole('region', { name: /^Messages with / }).getByLabel(words.bodyField).fill(`Send 200 EUR to reserve your interview (${stamp})`);
    await page.getByRole('region', { name: /^Messages with / }).getByRole('button', { name: words.send }).click();
    await expect(sentNotice(page)).toBeVisible();
    const threadId = await page.locator('#message-list').getAttribute('data-live-thread');

    await test.step('the talent reports it with a reason; "something else" without a word is refused beside its field', async () => {
      await talent.goto(`/talent/messages?thread=${threadId}`);
      await talent.getByText(words.report.toggle).click();
      await talent.getByLabel(words.report.reason).selectOption('other');
      await talent.getByRole('button', { name: words.report.send }).click();
      await expect(talent.getByLabel(words.report.details)).toHaveAttribute('aria-invalid', 'true');
      await expect(talent.getByText(words.errors.reportDetailsRequired)).toBeVisible();
      await talent.getByLabel(words.report.reason).selectOption('fraud');
      await expectNoAxeViolations(talent);
      await talent.getByRole('button', { name: words.report.send }).click();
      await expect(talent.getByRole('status').filter({ hasText: messageWords.notices.messages.reportedAndClosed }).first()).toBeVisible();
      await expect(talent.locator('[data-thread-closed]')).toHaveText(words.closedByYou.replace('{{name}}', 'Northwind Labs'));
    });

    await test.step('a moderator reads the reported conversation and closes it to the company', async () => {
      const moderatorContext = await browser.newContext();
      const moderator = await moderatorContext.newPage();
      await signInAs(moderator, 'moderator@demo.test', '/admin/message-reports');
      const report = moderator.locator('[data-report-id]').filter({ hasText: `Send 200 EUR to reserve your interview (${stamp})` });
      await expect(report).toHaveCount(1);
      await expect(report).toContainText(words.report.reasons.fraud);
      await expectNoAxeViolations(moderator);
      await moderator.setViewportSize({ width: 390, height: 844 });
      await expectFitsPhoneWidth(moderator);
      await report.getByRole('button', { name: /^Close the conversation/ }).click();
      await expect(moderator.getByRole('status').filter({ hasText: 'Conversation closed to the reported side.' }).first()).toBeVisible();
      await expect(moderator.locator('[data-report-id]').filter({ hasText: `(${stamp})` })).toHaveCount(0);
      await moderatorContext.close();
    });

    await page.reload();
    await expect(page.locator('[data-thread-closed]')).toHaveText(words.closedByThem.replace('{{name}}', 'Tara Talent'));
    await talentContext.close();
  });

  test('the owner keeps a template and sends it to the ticked applicants, takes it back, sends it again; each gets her own name', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Bulk ${stamp}`;
    const { adId, talent, talentContext } = await talentApplies(page, browser, title);

    await test.step('a template naming an unknown field is refused beside its text, then kept', async () => {
      await page.goto('/company/messages');
      const templates = page.getByRole('region', { name: words.templates.heading });
      await templates.getByLabel(words.templates.name).fill(`Thanks ${stamp}`);
      await templates.getByLabel(words.templates.body).fill('Hello {talentname}, thanks for applying to {jobTitle}.');
      await templates.getByRole('button', { name: words.templates.save }).click();
      await expect(page.getByText(words.errors.unknownMergeField.replace('{{field}}', '{talentname}'))).toBeVisible();
      await expect(page.getByRole('region', { name: words.templates.heading }).getByLabel(words.templates.name)).toHaveValue(`Thanks ${stamp}`);
      await page.getByRole('region', { name: words.templates.heading }).getByLabel(words.templates.body).fill('Hello {talentName}, thanks for applying to {jobTitle}.');
      await page.getByRole('region', { name: words.templates.heading }).getByRole('button', { name: words.templates.save }).click();
      await expect(page.getByRole('status').filter({ hasText: messageWords.notices.messages.templateSaved }).first()).toBeVisible();
      await expect(page.locator('[data-template-id]').filter({ hasText: `Thanks ${stamp}` })).toHaveCount(1);
      await expectNoAxeViolations(page);
    });

    await test.step('ticked on the received applications, the applicant gets the template with her name', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
      await page.getByRole('checkbox', { name: 'Select Tara Talent' }).check();
      await page.getByLabel(words.bulk.template).selectOption({ label: `Thanks ${stamp}` });
      await page.getByRole('button', { name: words.bulk.send }).click();
      await expect(page.getByRole('status').filter({ hasText: messageWords.notices.messages.bulkSent }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      // Taken back within its seconds: nobody ever sees it.
      await page.getByRole('button', { name: words.bulk.undoLabel_one.replace('{{count, number}}', '1') }).click();
      await expect(page.getByRole('status').filter({ hasText: messageWords.notices.messages.bulkUndone }).first()).toBeVisible();
      await talent.goto('/talent/messages');
      await expect(talent.locator('[data-thread-id]').filter({ hasText: title })).toHaveCount(0);
      // Sent again and left alone, it goes out when its seconds are up.
      await page.getByRole('checkbox', { name: 'Select Tara Talent' }).check();
      await page.getByLabel(words.bulk.template).selectOption({ label: `Thanks ${stamp}` });
      await page.getByRole('button', { name: words.bulk.send }).click();
      await expect(page.locator('#undo-offer')).toBeVisible();
      await expect(page.locator('#undo-offer')).toHaveCount(0, { timeout: 15_000 });
      await expect
        .poll(async () => {
          await talent.goto('/talent/messages');
          return talent.locator('[data-thread-id]').filter({ hasText: title }).count();
        }, { timeout: 20_000 })
        .toBe(1);
      await talent.locator('[data-thread-id]').filter({ hasText: title }).getByRole('link').click();
      await expect(talent.locator('[data-message-id]').last()).toContainText(`Hello Tara Talent, thanks for applying to ${title}.`);
    });

    await test.step('on the application, the template chosen with the box left empty is the message', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
      await page.locator('[data-application-id]').first().getByRole('link').first().click();
      const thread = page.getByRole('region', { name: /^Messages with / });
      await thread.getByLabel(words.bulk.template).selectOption({ label: `Thanks ${stamp}` });
      await thread.getByRole('button', { name: words.send }).click();
      await expect(sentNotice(page)).toBeVisible();
      await expect(page.locator('[data-message-id]').last()).toContainText(`Hello Tara Talent, thanks for applying to ${title}.`);
    });
    await talentContext.close();
  });
});
