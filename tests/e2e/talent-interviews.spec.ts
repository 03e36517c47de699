import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { talentApplies } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { tabTo } from './support/keyboard';
import { formatClock, formatInterviewTime } from '../../src/lib/interviews/interview-times';
import interviewWords from '../../src/locales/en/common/interviews.json' with { type: 'json' };
import talentInterviewWords from '../../src/locales/en/common/talent-interviews.json' with { type: 'json' };

// The talent's side of an interview: the demo owner publishes an ad (Northwind Labs), the demo
// talent applies, and the owner proposes three times through the API. The talent finds the
// interview in her list, asks for other times, then books one with the keyboard, moves it to
// another and cancels it with a reason, a blank reason refused with what she typed kept.
// Times are read in Europe/Paris (?tz=), so the expected words do not depend on the machine's zone.
const OWNER = 'owner@demo.test';
const TALENT = 'talent@demo.test';
const COMPANY = 'Northwind Labs';
const ZONE = 'Europe/Paris';
const words = talentInterviewWords.talentInterviews;
const statuses = interviewWords.interviews.statuses;

const PROPOSE = `mutation ProposeForE2e($jobApplicationId: ID!, $data: ProposeInterviewTimesInput!) {
  proposeInterviewTimes(jobApplicationId: $jobApplicationId, data: $data) { id offeredSlots { id startsAt endsAt } }
}`;

/** Sends one operation as the signed-in page's user, as the islands do: same origin, the session's anti-forgery token, from a company page (its domain). */
async function graphqlAsPage<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await page.evaluate(
    async ({ query, variables }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-tp-csrf': token }, body: JSON.stringify({ query, variables }) });
      return (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> };
    },
    { query, variables },
  );
  expect(answer.errors ?? []).toEqual([]);
  return answer.data as T;
}

/**
 * Three times on two days well ahead (past the 12-hour cutoff), on a day of their own for
 * this run so that the owner, the default interviewer, is free then: 10:00 and 12:00 on
 * one day and 09:00 on the next, Paris time in summer or an hour earlier in winter.
 */
function proposedTimes(stamp: number): string[] {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 30 + (stamp % 300));
  const at = (offsetDays: number, hour: number, minute: number) => new Date(day.getTime() + offsetDays * 86_400_000 + (hour * 60 + minute) * 60_000).toISOString();
  const minute = (stamp % 4) * 15;
  return [at(0, 8, minute), at(0, 10, minute), at(1, 7, minute)];
}

const slotName = (slot: { startsAt: string; endsAt: string }) =>
  words.time.slot.replace('{{start}}', formatClock(slot.startsAt, ZONE, 'en')).replace('{{end}}', formatClock(slot.endsAt, ZONE, 'en'));
const bookedWhen = (slot: { startsAt: string; endsAt: string }) =>
  words.time.range.replace('{{start}}', formatInterviewTime(slot.startsAt, ZONE, 'en')).replace('{{end}}', formatClock(slot.endsAt, ZONE, 'en')).replace('{{zone}}', ZONE);

test.describe("the talent's interviews", () => {
  test('she finds the proposed interview, asks for other times, books one by keyboard, moves it and cancels it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const title = `Interview ${stamp.toString(36)}`;

    // The owner's ad, and the talent's application to it, in a browser of her own.
    const { adId, talent, talentContext } = await talentApplies(page, browser, title);

    let slots: Array<{ id: string; startsAt: string; endsAt: string }> = [];
    await test.step('the owner proposes three times on her application', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adId}`);
      const applicationId = await page.locator('[data-application-id]').first().getAttribute('data-application-id');
      expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
      const proposed = await graphqlAsPage<{ proposeInterviewTimes: { id: string; offeredSlots: typeof slots } }>(page, PROPOSE, {
        jobApplicationId: applicationId,
        data: { timeZone: ZONE, times: proposedTimes(stamp), durationMinutes: 45, locationKind: 'VIDEO', location: `https://meet.example.test/${stamp}` },
      });
      slots = [...proposed.proposeInterviewTimes.offeredSlots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      expect(slots).toHaveLength(3);
    });

    const detail = talent.locator('article[data-interview-id]');
    await test.step('her dashboard lists it among her interviews, waiting for her first', async () => {
      await talent.goto('/talent/dashboard');
      const block = talent.getByRole('region', { name: words.dashboard.heading, exact: true });
      await expect(block.getByRole('link', { name: `${title} with ${COMPANY}` })).toHaveAttribute('href', /^\/talent\/interview\?id=[0-9a-f-]{36}$/);
      await expect(block.getByRole('link', { name: words.dashboard.all })).toHaveAttribute('href', '/talent/interviews');
    });

    await test.step('her list shows it among those waiting for her, with a link to choose a time', async () => {
      await talent.goto(`/talent/interviews?tz=${encodeURIComponent(ZONE)}`);
      await expect(talent.getByRole('heading', { level: 1 })).toHaveText('My interviews');
      await expect(talent.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'Interviews' })).toHaveAttribute('aria-current', 'page');
      const row = talent.locator('article[data-interview-id]').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('interview-status')).toHaveText(statuses.PROPOSED);
      await expect(row.getByTestId('interview-time')).toHaveText(words.list.offered_other.replace('{{count, number}}', '3'));
      await expectNoAxeViolations(talent);
      await row.getByRole('link', { name: `Choose a time: ${title} with ${COMPANY}` }).click();
      await expect(talent).toHaveURL(/\/talent\/interview\?id=[0-9a-f-]{36}&tz=Europe%2FParis$/);
      await expect(talent.getByRole('heading', { level: 1 })).toHaveText(`Interview with ${COMPANY}`);
      await expect(detail.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', /^\/talent\/applied-jobs#application-/);
      await expect(detail.getByRole('link', { name: `https://meet.example.test/${stamp}` })).toBeVisible();
      await expect(talent.getByLabel(words.zone.field)).toHaveValue(ZONE);
      await expectNoAxeViolations(talent);
    });

    const timesForm = talent.getByRole('form', { name: words.book.heading });
    await test.step('at phone width the times fit, grouped by day, without scrolling sideways', async () => {
      await expect(timesForm.getByRole('radio')).toHaveCount(3);
      await expect(timesForm.locator('fieldset[data-day]')).toHaveCount(2);
      for (const slot of slots) await expect(timesForm.getByRole('radio', { name: slotName(slot) })).toBeEnabled();
      await expectFitsPhoneWidth(talent);
      for (const label of await timesForm.locator('label[data-slot-id]').all()) {
        await label.scrollIntoViewIfNeeded();
        const box = (await label.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await talent.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('none suits her at first: she asks for other times and sees her words', async () => {
      const askForm = talent.getByRole('form', { name: words.otherTimes.heading });
      await askForm.getByLabel(words.otherTimes.field).fill(`Tuesday mornings work best (${stamp})`);
      await askForm.getByRole('button', { name: words.otherTimes.submit }).click();
      await expect(talent.getByTestId('other-times-asked')).toContainText(`Tuesday mornings work best (${stamp})`);
      await expect(detail.getByTestId('interview-status')).toHaveText(statuses.PROPOSED);
    });

    await test.step('she books the first time with the keyboard', async () => {
      const first = timesForm.getByRole('radio', { name: slotName(slots[0]!) });
      await tabTo(talent, first);
      await talent.keyboard.press('Space');
      await expect(first).toBeChecked();
      await tabTo(talent, timesForm.getByRole('button', { name: words.book.submit }));
      await talent.keyboard.press('Enter');
      await expect(detail.getByTestId('interview-status')).toHaveText(statuses.BOOKED);
      await expect(detail.getByTestId('interview-when')).toHaveText(bookedWhen(slots[0]!));
      await expect(detail.getByText(words.booked.calendar)).toBeVisible();
      // Booking answers her request for other times.
      await expect(talent.getByTestId('other-times-asked')).toHaveCount(0);
      await expectNoAxeViolations(talent);
    });

    await test.step('she moves it to another time offered', async () => {
      const moveForm = talent.getByRole('form', { name: words.booked.moveHeading });
      await expect(moveForm.getByRole('radio')).toHaveCount(2);
      await moveForm.getByRole('radio', { name: slotName(slots[2]!) }).check();
      await moveForm.getByRole('button', { name: words.booked.moveSubmit }).click();
      await expect(detail.getByTestId('interview-when')).toHaveText(bookedWhen(slots[2]!));
      await expect(detail.getByTestId('interview-status')).toHaveText(statuses.BOOKED);
    });

    await test.step('a blank reason is refused beside the form, what she typed kept; then she cancels with a reason', async () => {
      const cancelForm = talent.getByRole('form', { name: words.booked.cancelHeading });
      const reason = cancelForm.getByLabel(words.booked.reasonField);
      // Spaces pass the browser's required check: the server's rule refuses them.
      await reason.fill('   ');
      await cancelForm.getByRole('button', { name: words.booked.cancelSubmit }).click();
      // Said once, at the field it is about (no second alert above the form).
      await expect(talent.getByRole('form', { name: words.booked.cancelHeading }).getByLabel(words.booked.reasonField)).toHaveAccessibleDescription(new RegExp(interviewWords.interviews.errors.noteRequired.replace('.', '\\.')));
      await expect(talent.getByRole('form', { name: words.booked.cancelHeading }).getByRole('alert')).toHaveCount(0);
      await expect(talent.getByRole('form', { name: words.booked.cancelHeading }).getByLabel(words.booked.reasonField)).toHaveValue('   ');
      await expect(detail.getByTestId('interview-status')).toHaveText(statuses.BOOKED);
      await expectNoAxeViolations(talent);

      await talent.getByRole('form', { name: words.booked.cancelHeading }).getByLabel(words.booked.reasonField).fill(`I accepted another offer (${stamp})`);
      await talent.getByRole('form', { name: words.booked.cancelHeading }).getByRole('button', { name: words.booked.cancelSubmit }).click();
      await expect(detail.getByTestId('interview-status')).toHaveText(statuses.CANCELLED);
      await expect(talent.getByTestId('interview-cancelled')).toContainText(words.cancelled.byYou);
      await expect(talent.getByTestId('interview-cancelled')).toContainText(`I accepted another offer (${stamp})`);
      await expect(talent.getByRole('form', { name: words.booked.cancelHeading })).toHaveCount(0);
      await expectNoAxeViolations(talent);
    });

    await test.step('her list shows it cancelled, at phone width too', async () => {
      await talent.goto('/talent/interviews');
      const row = talent.locator('article[data-interview-id]').filter({ hasText: title });
      await expect(row.getByTestId('interview-status')).toHaveText(statuses.CANCELLED);
      await expect(row.getByRole('link', { name: `See the interview: ${title} with ${COMPANY}` })).toBeVisible();
      await expectFitsPhoneWidth(talent);
    });

    await talentContext.close();
  });

  test("another talent's, an unknown or a malformed interview id answers the 404 page", async ({ page }) => {
    await signInAs(page, TALENT, '/talent/interviews');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page.goto(`/talent/interview?id=${id}`);
      expect(response?.status()).toBe(404);
    }
  });
});
