import { randomUUID } from 'node:crypto';
import { DEFAULT_SCORECARD } from '../../../lib/interviews/interview-rules';
import { zonedInstant } from '../../../lib/interviews/slot-rule';
import { interview, interviewOfferedSlot, interviewPlan, interviewSlot } from '../schema';
import { hiringStepId } from './activity';
import { insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import type { SeededDemoTalentActivity } from './demo-talent';

// The demo's interviews: Northwind Labs interviews on its "Interview" step with a plan of
// its own, and has proposed three times to the demo talent's application in that step, so
// that her interviews page has a time to choose and the owner's application page a proposal.
const ZONE = 'Europe/Paris';

/** The next working days after `now`, as calendar days in the zone. */
function workingDaysAfter(now: Date, count: number): string[] {
  const days: string[] = [];
  for (let offset = 3; days.length < count; offset += 1) {
    const day = new Date(now.getTime() + offset * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

export async function seedDemoInterviews(ctx: SeedContext, tx: SeedTx, { accounts, companies, talents }: SeededBase, activity: SeededDemoTalentActivity): Promise<void> {
  const northwind = companies.byKey('northwind');
  const stepId = hiringStepId(companies, northwind.id, 'Interview');
  const owner = accounts.owner.userId;
  const scorecard = { attributes: ['React and TypeScript', 'Design systems', 'Teamwork'], questions: ['What would you change first in our storefront?'] };
  if (stepId) {
    await insertRows(ctx, tx, interviewPlan, [
      { companyId: northwind.id, companyHiringStepId: stepId, durationMinutes: 45, interviewerIds: [owner, accounts.recruiter.userId], locationKind: 'VIDEO', location: 'https://meet.example.com/northwind-interviews', scorecard },
    ]);
  }
  const application = activity.applications.find((candidate) => candidate.companyId === northwind.id && candidate.step === 'Interview');
  if (!application) return;
  const [first, second] = workingDaysAfter(ctx.now, 2) as [string, string];
  const starts = [zonedInstant(first, 10 * 60, ZONE), zonedInstant(first, 14 * 60, ZONE), zonedInstant(second, 9 * 60 + 30, ZONE)];
  const slots = starts.map((start) => ({ id: randomUUID(), companyId: northwind.id, startsAt: start, endsAt: new Date(start.getTime() + 45 * 60_000), createdByUserId: owner }));
  const interviewId = randomUUID();
  await insertRows(ctx, tx, interviewSlot, slots);
  await insertRows(ctx, tx, interview, [
    {
      id: interviewId,
      companyId: northwind.id,
      jobApplicationId: application.id,
      talentProfileId: talents.demo.id,
      companyHiringStepId: stepId,
      durationMinutes: 45,
      timeZone: ZONE,
      locationKind: 'VIDEO',
      location: 'https://meet.example.com/northwind-interviews',
      interviewerIds: [owner, accounts.recruiter.userId],
      scorecard: stepId ? scorecard : DEFAULT_SCORECARD,
      organizerUserId: owner,
    },
  ]);
  await insertRows(ctx, tx, interviewOfferedSlot, slots.map((slot) => ({ interviewId, slotId: slot.id })));
}
