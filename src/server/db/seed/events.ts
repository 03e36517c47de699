import { generalEventslog, talentJobApplicationStatus, type EventData, type EventType } from '../schema';
import { talentStatusOfStep, type TalentStatus } from '../../../lib/job-applications/talent-status';
import type { SeededAccounts } from './accounts';
import { DEFAULT_HIRING_STEPS } from '../../../lib/companies/hiring-steps';
import { seededMoves, type SeededMarketplaceActivity } from './activity';
import type { SeededDemoBilling } from './billing';
import type { HiringStepName, SeededCompanies } from './companies';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays, addMinutes } from './dates';
import type { SeededDemoTalentActivity } from './demo-talent';
import type { SeededJobs } from './jobs';

export interface EventSources {
  accounts: SeededAccounts;
  companies: SeededCompanies;
  jobs: SeededJobs;
  marketplace: SeededMarketplaceActivity;
  demoTalent: SeededDemoTalentActivity;
  demoBilling: SeededDemoBilling;
}

interface Event {
  type: EventType;
  /** Null for a move at a company nobody in the demo works at: its history says "someone". */
  fromId: string | null;
  toId: string | null;
  data: EventData;
  at: Date;
  read: boolean;
}

/** How many of the seeded ads and job descriptions get a creation event. */
const SAMPLED_JOB_ADS = 25;
const SAMPLED_JOB_DESCRIPTIONS = 5;

/**
 * A sample of the audit trail, not one row per seeded row: enough for the notification
 * feed and the activity pages to show every kind of event, with unread ones for the
 * demo talent and the owner. Applications are the exception: each one's arrival and moves
 * are all logged, since the pipeline's pages count from them.
 */
function events({ accounts, companies, jobs, marketplace, demoTalent, demoBilling }: EventSources, now: Date): Event[] {
  const owner = accounts.owner.userId;
  const talent = accounts.talent.userId;
  const northwind = companies.byKey('northwind');
  const list: Event[] = [];
  const add = (type: EventType, fromId: string | null, toId: string | null, data: EventData, at: Date, read = true) =>
    list.push({ type, fromId, toId, data: { actorUserId: fromId, ...data }, at, read });

  for (const seeded of companies.active) {
    const change = { before: { verificationStatus: 'pending' }, after: { verificationStatus: 'verified' } };
    add('company.update', accounts.admin.userId, seeded.id, { entityId: seeded.id, companyId: seeded.id, ...change }, addDays(now, -600));
  }
  for (const [entityId, role] of [
    [northwind.ownerRoleId, 'Owner'],
    [northwind.recruiterRoleId, 'Recruiter'],
  ] as const) {
    add('companyRole.create', owner, northwind.id, { entityId, companyId: northwind.id, after: { role } }, addDays(now, -590));
  }
  for (const { id, companyId, userId, roleId } of companies.memberships) {
    add('companyOnUser.create', owner, userId, { entityId: id, companyId, after: { roleId } }, addDays(now, -580));
  }
  for (const step of northwind.steps) {
    const data = { entityId: step.id, companyId: northwind.id, after: { stepName: step.name } };
    add('companyHiringStep.create', owner, northwind.id, data, addDays(now, -575));
  }
  for (const { id, companyId, title } of jobs.descriptions.slice(0, SAMPLED_JOB_DESCRIPTIONS)) {
    add('jobDescription.create', owner, companyId, { entityId: id, companyId, after: { title } }, addDays(now, -120));
  }
  for (const ad of jobs.ads.filter((candidate) => candidate.published).slice(0, SAMPLED_JOB_ADS)) {
    add('jobAd.create', owner, ad.companyId, { entityId: ad.id, companyId: ad.companyId }, ad.publishedAt!);
  }
  // Unread: the demo talent's notification feed has something new in it.
  for (const { id, companyId, invitedByUserId, createdAt } of demoTalent.invitations) {
    add('talentInvitation.create', invitedByUserId, talent, { entityId: id, companyId }, createdAt, false);
  }
  for (const { id, companyId, createdAt } of demoBilling.rosters) {
    add('companyTalentRoster.create', owner, talent, { entityId: id, companyId }, createdAt);
  }
  for (const { id, companyId, createdAt } of demoBilling.assignments) {
    add('jobAssignment.create', owner, talent, { entityId: id, companyId }, createdAt);
  }
  for (const { id, companyId, status, createdAt } of demoBilling.billings) {
    add('billing.create', talent, companyId, { entityId: id, companyId, after: { status: 'DRAFT' } }, createdAt);
    if (status !== 'DRAFT') {
      const recent = createdAt.getTime() > addDays(now, -35).getTime();
      const data = { entityId: id, companyId, before: { status: 'SENT' }, after: { status } };
      add('billing.update', owner, talent, data, addMinutes(createdAt, 60), !recent);
    }
  }
  for (const { id, fromCompanyId, toCompanyId, createdAt } of demoBilling.invoices) {
    add('invoice.create', owner, talent, { entityId: id, companyId: fromCompanyId ?? toCompanyId }, createdAt);
  }
  // Every seeded application's arrival and moves, as applying and "Move to" log them: its
  // history, the board's days in a step and the dashboard's figures are made of these.
  for (const application of [...marketplace.applications, ...demoTalent.applications]) {
    const seeded = companies.all.find((candidate) => candidate.id === application.companyId);
    const stepId = (name: string) => seeded?.steps.find((step) => step.name === name)?.id ?? null;
    const { id: entityId, companyId, jobAdId, talentUserId, createdAt } = application;
    add('talentJobApplication.create', talentUserId, companyId, { entityId, companyId, jobAdId, after: { hiringStepId: stepId('Applied') } }, createdAt);
    seededMoves(createdAt, application.step, now).forEach(({ fromStep, toStep, at }, index) => {
      // Northwind's recruiter and owner share the moving; the owner moves her other companies' candidates.
      const mover = companyId === northwind.id && index % 2 === 0 ? accounts.recruiter.userId : seeded?.definition.ownedByDemoOwner ? owner : null;
      const group = DEFAULT_HIRING_STEPS.find((step) => step.stepName === toStep)?.group ?? null;
      const data = { entityId, companyId, fromStepId: stepId(fromStep), fromStep, toStepId: stepId(toStep), toStep, group, reasonId: null, reason: null };
      // The move is the history; the talent is told of it as her application's status (seededTalentStatuses).
      add('talentJobApplication.update', mover, null, data, at);
    });
    for (const { status, at } of seededTalentStatuses(createdAt, application.step, now)) {
      add('talentJobApplicationStatus.create', null, talentUserId, { entityId, companyId, talentStatus: status, reason: null }, at);
    }
  }
  for (const { id, userId, talentProfileId, createdAt } of marketplace.notes) {
    add('companyTalentNote.create', userId, northwind.id, { entityId: id, companyId: northwind.id, talentProfileId }, createdAt, false);
  }
  add('talentProfile.update', talent, talent, { after: { jobTitle: 'Frontend Developer' } }, addDays(now, -10));
  return list;
}

/** The statuses a seeded application's talent was shown, each when its move was made (the demo keeps no delay). */
function seededTalentStatuses(createdAt: Date, step: HiringStepName, now: Date): Array<{ status: TalentStatus; at: Date }> {
  const shown: Array<{ status: TalentStatus; at: Date }> = [];
  let last: TalentStatus = 'APPLIED';
  for (const { toStep, at } of seededMoves(createdAt, step, now)) {
    const definition = DEFAULT_HIRING_STEPS.find((candidate) => candidate.stepName === toStep);
    const status = talentStatusOfStep(definition ? { group: definition.group, talentStatus: definition.talentStatus } : null);
    if (status !== last) shown.push({ status, at });
    last = status;
  }
  return shown;
}

export async function seedEvents(ctx: SeedContext, tx: SeedTx, sources: EventSources): Promise<void> {
  const rows = events(sources, ctx.now).map((event) => ({
    type: event.type,
    fromId: event.fromId,
    toId: event.toId,
    eventData: event.data,
    read: event.read,
    createdAt: event.at,
    updatedAt: event.at,
  }));
  await insertRows(ctx, tx, generalEventslog, rows, (done) => ctx.progress('events', done, rows.length));
  // Each application's timeline as its talent reads it, from the same moves.
  const { marketplace, demoTalent } = sources;
  const statuses = [...marketplace.applications, ...demoTalent.applications].flatMap(({ id, createdAt, step }) =>
    seededTalentStatuses(createdAt, step, ctx.now).map(({ status, at }) => ({ talentJobApplicationId: id, status, visibleAt: at, publishedAt: at, createdAt: at })),
  );
  await insertRows(ctx, tx, talentJobApplicationStatus, statuses);
}
