import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { EMPLOYMENT_TYPES } from '../../../lib/jobs/job-enums';
import { mayChangeCurrency } from '../../../lib/talent-roster/ledger-rules';
import { consentOnAddingAgain, mayAddAgain, ROSTER_CONSENTS, type RosterConsent } from '../../../lib/talent-roster/roster-consent';
import { rosterCreateSchema, rosterUpdateSchema, TALENT_ROSTER_ERRORS, type RosterCreateValues, type RosterUpdateValues } from '../../../lib/talent-roster/roster-input';
import { companyOnUser, companyTalentRoster, jobAssignment, talentBalanceTransaction, talentProfile, user } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { concernsCaller, requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { applicantsOf, rosterHolds } from '../job-applications/talent-link';

// A company's talent roster (spec §3 companyTalentRoster, issue 18): the talents who work
// for it, each with an employment type, an employee number, a manager (a member of the
// company) and a balance in one currency, which is the running sum of the entry's ledger
// (roster-ledger.ts). Removing a talent is soft (deletedAt): the ledger and the notes
// stay, and adding the same talent again restores the row (one row per company and
// talent). Every id is looked up inside the tp-company company, so another company's id
// answers NOT_FOUND like an unknown one. Each write is an event addressed to the talent.
//
// Consent before a company holds a talent (lib/talent-roster/roster-consent.ts): adding a
// talent, by id or by e-mail, is a request she accepts or declines on her side
// (talent/roster-requests.ts). Until she accepts, the entry links her to nothing
// (talent-link.ts rosterHolds), takes no ledger entry (roster-ledger.ts) and shows the
// company no more of her than it saw before: a hidden profile's name and title stay withheld.

export interface RosterRow {
  id: string;
  externalId: string | null;
  companyId: string;
  talentProfileId: string;
  talentName: string | null;
  talentJobTitle: string | null;
  /** The talent's account, to address events to; null for a profile without one. */
  talentUserId: string | null;
  /** Her answer to the company's request: only accepted holds her (rosterHoldsTalent). */
  consent: RosterConsent;
  consentAnsweredAt: Date | null;
  employmentType: string | null;
  employeeNumber: string | null;
  managerId: string | null;
  managerName: string | null;
  balance: string;
  currency: string;
  transactionCount: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

const RosterManager = builder.objectRef<{ id: string; name: string }>('CompanyTalentRosterManager').implement({
  description: 'A member of the selected company who can manage roster talents',
  fields: (t) => ({ id: t.exposeID('id', { description: "The member's user id" }), name: t.exposeString('name') }),
});

export const RosterConsentEnum = builder.enumType('RosterConsent', {
  description: "The talent's answer to the company's request to hold her on its roster: only accepted links her to the company",
  values: ROSTER_CONSENTS,
});

export const CompanyTalentRoster = builder.objectRef<RosterRow>('CompanyTalentRoster');
CompanyTalentRoster.implement({
  description: "A talent on the selected company's roster (spec §3 companyTalentRoster)",
  fields: (t) => ({
    id: t.exposeID('id'),
    externalId: t.exposeString('externalId', { nullable: true }),
    talentProfileId: t.exposeID('talentProfileId'),
    talentName: t.exposeString('talentName', {
      nullable: true,
      description: "The talent's profile name; withheld (null) while she has not accepted, unless her profile is visible or she applied to the company or works on its assignments",
    }),
    talentJobTitle: t.exposeString('talentJobTitle', { nullable: true, description: 'Withheld like the name' }),
    consent: t.field({ type: RosterConsentEnum, description: 'Her answer: requested until she accepts or declines', resolve: (row) => row.consent }),
    consentAnsweredAt: t.field({ type: 'DateTime', nullable: true, description: 'When she answered the current request; null while requested', resolve: (row) => row.consentAnsweredAt }),
    employmentType: t.exposeString('employmentType', { nullable: true, description: 'freelancer or employee (spec §9)' }),
    employeeNumber: t.exposeString('employeeNumber', { nullable: true }),
    manager: t.field({ type: RosterManager, nullable: true, resolve: (row) => (row.managerId ? { id: row.managerId, name: row.managerName ?? '' } : null) }),
    balance: t.field({ type: 'Decimal', description: 'The running sum of the ledger, in `currency`', resolve: (row) => row.balance }),
    currency: t.exposeString('currency'),
    transactionCount: t.exposeInt('transactionCount', { description: 'Ledger entries; the currency may change only while there are none' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    removedAt: t.field({ type: 'DateTime', nullable: true, description: 'Set once removed from the roster (the ledger and notes stay)', resolve: (row) => row.deletedAt }),
    concernsYou: t.boolean({
      description: "The talent is you (or, while impersonating, the impersonator): separation of duties leaves booking on this balance to another member",
      resolve: (row, _args, context) => concernsCaller(context, row.talentUserId),
    }),
  }),
});

const CompanyTalentRosterPage = pageOf(CompanyTalentRoster, 'CompanyTalentRoster');

const managerName = sql<string | null>`coalesce(${user.displayName}, ${user.email})`;
const transactionCount = sql<number>`(select count(*)::int from "talent_balance_transaction" as "booked" where "booked"."company_talent_roster_id" = "company_talent_roster"."id")`;

/**
 * Whether the company knew the talent before she answered, so that her entry may show her
 * name and title: she accepted, her profile is visible to every company, or she applied to
 * it or works on its assignments (its candidates). A hidden profile it only typed the
 * address of stays withheld until she accepts.
 */
function knownToCompany(db: Writer, companyId: string): SQL {
  return or(rosterHolds(), eq(talentProfile.isVisible, true), inArray(talentProfile.id, applicantsOf(db, companyId)), inArray(talentProfile.id, assignedTalents(db, companyId)))!;
}

/** The profile's column as the company may see it (knownToCompany), else null. */
const shownToCompany = (db: Writer, companyId: string, column: typeof talentProfile.profileName | typeof talentProfile.jobTitle) =>
  sql<string | null>`case when ${knownToCompany(db, companyId)} then ${column} end`;

function selectRoster(db: Writer, companyId: string) {
  return db
    .select({
      id: companyTalentRoster.id,
      externalId: companyTalentRoster.externalId,
      companyId: companyTalentRoster.companyId,
      talentProfileId: companyTalentRoster.talentProfileId,
      talentName: shownToCompany(db, companyId, talentProfile.profileName),
      talentJobTitle: shownToCompany(db, companyId, talentProfile.jobTitle),
      talentUserId: talentProfile.userId,
      consent: companyTalentRoster.consent,
      consentAnsweredAt: companyTalentRoster.consentAnsweredAt,
      employmentType: companyTalentRoster.employmentType,
      employeeNumber: companyTalentRoster.employeeNumber,
      managerId: companyTalentRoster.managerId,
      managerName,
      balance: companyTalentRoster.balance,
      currency: companyTalentRoster.currency,
      transactionCount,
      createdAt: companyTalentRoster.createdAt,
      updatedAt: companyTalentRoster.updatedAt,
      deletedAt: companyTalentRoster.deletedAt,
    })
    .from(companyTalentRoster)
    .innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId))
    .leftJoin(user, eq(user.id, companyTalentRoster.managerId))
    .$dynamic();
}

const trimmed = (row: RosterRow): RosterRow => ({ ...row, currency: row.currency.trim() });

/**
 * A roster entry of this company, removed ones included (their ledger stays readable);
 * another company's id is NOT_FOUND like an unknown one. `lock` holds the row for a write.
 */
export async function ownRosterEntry(db: Writer, companyId: string, id: string, lock = false): Promise<RosterRow> {
  if (!isUuid(id)) throw notFound('The roster entry');
  const query = selectRoster(db, companyId).where(and(eq(companyTalentRoster.id, id), eq(companyTalentRoster.companyId, companyId))).limit(1);
  const [row] = lock ? await query.for('update', { of: companyTalentRoster }) : await query;
  if (!row) throw notFound('The roster entry');
  return trimmed(row);
}

/** The members of the company, by name: who may be a roster entry's manager. */
function selectManagers(db: Writer, companyId: string) {
  return db
    .select({ id: user.id, name: sql<string>`coalesce(${user.displayName}, ${user.email})` })
    .from(companyOnUser)
    .innerJoin(user, eq(user.id, companyOnUser.userId))
    .where(eq(companyOnUser.companyId, companyId))
    .orderBy(sql`lower(coalesce(${user.displayName}, ${user.email}))`, asc(user.id))
    .$dynamic();
}

builder.queryField('findManyCompanyTalentRosterManager', (t) =>
  t.field({
    type: [RosterManager],
    description: 'The members of the selected company, who may manage roster talents, by name; needs companyTalentRoster read',
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      return selectManagers(context.db, companyId);
    },
  }),
);

const RosterEmploymentType = builder.enumType('RosterEmploymentType', { values: EMPLOYMENT_TYPES });

builder.queryField('findManyCompanyTalentRoster', (t) =>
  t.field({
    type: CompanyTalentRosterPage,
    description: "The talents on the selected company's roster, by name; needs companyTalentRoster read",
    authScopes: { signedIn: true },
    args: {
      ...pageArgs,
      q: t.arg.string({ description: "Part of the talent's name or the employee number, any case" }),
      employmentType: t.arg({ type: RosterEmploymentType }),
      managerId: t.arg.id({ description: "Only this manager's talents (a member's user id)" }),
      includeRemoved: t.arg.boolean({ description: 'Also the entries removed from the roster (default false)' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const managerId = args.managerId ? String(args.managerId) : null;
      if (managerId !== null && !isUuid(managerId)) throw notFound('The manager');
      const where = and(
        eq(companyTalentRoster.companyId, companyId),
        args.includeRemoved ? undefined : isNull(companyTalentRoster.deletedAt),
        // By the name as shown: a withheld name is not searched, so a search cannot reveal it.
        q ? or(ilike(shownToCompany(context.db, companyId, talentProfile.profileName), `%${escapeLike(q)}%`), ilike(companyTalentRoster.employeeNumber, `%${escapeLike(q)}%`)) : undefined,
        args.employmentType ? eq(companyTalentRoster.employmentType, args.employmentType) : undefined,
        managerId ? eq(companyTalentRoster.managerId, managerId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectRoster(context.db, companyId)
          .where(where)
          .orderBy(sql`${companyTalentRoster.deletedAt} is not null`, sql`lower(coalesce(${shownToCompany(context.db, companyId, talentProfile.profileName)}, ''))`, asc(companyTalentRoster.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(companyTalentRoster).innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId)).where(where),
      ]);
      return { items: rows.map(trimmed), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findCompanyTalentRoster', (t) =>
  t.field({
    type: CompanyTalentRoster,
    description: "One entry of the selected company's roster, a removed one too; NOT_FOUND for any other id; needs companyTalentRoster read",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      return ownRosterEntry(context.db, companyId, String(id));
    },
  }),
);

interface BalanceRow {
  currency: string;
  balance: string;
  entries: number;
  owed: string;
  firstTransactionAt: Date | null;
  lastTransactionAt: Date | null;
}

const RosterBalance = builder.objectRef<BalanceRow>('CompanyTalentRosterBalance').implement({
  description: "The selected company's roster balances in one currency (exact decimals; currencies are never added together)",
  fields: (t) => ({
    currency: t.exposeString('currency'),
    balance: t.field({ type: 'Decimal', description: 'Sum of the balances of the entries on the roster', resolve: (row) => row.balance }),
    entries: t.exposeInt('entries', { description: 'Entries on the roster in this currency' }),
    owed: t.field({ type: 'Decimal', description: 'What the company owes its talents: the positive balances, removed entries included', resolve: (row) => row.owed }),
    firstTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.firstTransactionAt }),
    lastTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastTransactionAt }),
  }),
});

builder.queryField('findManyCompanyTalentRosterBalance', (t) =>
  t.field({
    type: [RosterBalance],
    description: "The selected company's roster balances per currency, with the span of its ledger; needs companyTalentRoster read",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const roster = companyTalentRoster;
      const active = sql`${roster.deletedAt} is null`;
      // The talents it holds: a request she has not accepted has no balance and is no talent on the roster yet.
      const held = and(eq(roster.companyId, companyId), rosterHolds());
      const [balances, spans] = await Promise.all([
        context.db
          .select({
            currency: roster.currency,
            balance: sql<string>`coalesce(sum(${roster.balance}) filter (where ${active}), 0)::numeric(16,2)::text`,
            entries: sql<number>`(count(*) filter (where ${active}))::int`,
            owed: sql<string>`coalesce(sum(${roster.balance}) filter (where ${roster.balance} > 0), 0)::numeric(16,2)::text`,
          })
          .from(roster)
          .where(held)
          .groupBy(roster.currency)
          .orderBy(roster.currency),
        context.db
          .select({ currency: talentBalanceTransaction.currency, first: sql<string | null>`min(${talentBalanceTransaction.createdAt})`, last: sql<string | null>`max(${talentBalanceTransaction.createdAt})` })
          .from(talentBalanceTransaction)
          .innerJoin(roster, eq(roster.id, talentBalanceTransaction.companyTalentRosterId))
          .where(held)
          .groupBy(talentBalanceTransaction.currency),
      ]);
      const spanOf = new Map(spans.map((span) => [span.currency.trim(), span]));
      return balances.map((row) => {
        const span = spanOf.get(row.currency.trim());
        return {
          ...row,
          currency: row.currency.trim(),
          firstTransactionAt: span?.first ? new Date(span.first) : null,
          lastTransactionAt: span?.last ? new Date(span.last) : null,
        };
      });
    },
  }),
);

type CandidateVia = 'APPLICATION' | 'ASSIGNMENT' | 'REMOVED' | 'DECLINED';

const RosterCandidateVia = builder.enumType('RosterCandidateVia', {
  description: 'How the company knows a talent it may add to its roster',
  values: {
    APPLICATION: { description: 'Applied to one of its job ads or job descriptions (an invitation taken up included)' },
    ASSIGNMENT: { description: 'On one of its assignments (as client, provider or seller)' },
    REMOVED: { description: 'Was on its roster and was removed: adding restores the entry (accepted if she had accepted, else a new request)' },
    DECLINED: { description: "Declined the company's request: adding asks her again" },
  },
});

interface CandidateRow {
  id: string;
  name: string | null;
  jobTitle: string | null;
  via: CandidateVia;
}

const RosterCandidate = builder.objectRef<CandidateRow>('CompanyTalentRosterCandidate').implement({
  description: 'A talent the selected company knows and may add to its roster',
  fields: (t) => ({
    talentProfileId: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    via: t.field({ type: RosterCandidateVia, resolve: (row) => row.via }),
  }),
});

/** At most this many candidates are offered; the others are added by e-mail. */
export const ROSTER_CANDIDATES_LIMIT = 200;

/** Talents on the company's assignments (as client, provider or seller). */
function assignedTalents(db: Writer, companyId: string, talent?: SQL) {
  return db
    .select({ talentProfileId: jobAssignment.talentProfileId })
    .from(jobAssignment)
    .where(and(talent, isNull(jobAssignment.deletedAt), or(eq(jobAssignment.clientCompanyId, companyId), eq(jobAssignment.providerCompanyId, companyId), eq(jobAssignment.salesCompanyId, companyId))));
}

/** Talents once on the roster and removed (`entry`: only the entries that also meet it). */
function removedTalents(db: Writer, companyId: string, entry?: SQL) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(entry, eq(companyTalentRoster.companyId, companyId), isNotNull(companyTalentRoster.deletedAt)));
}

/** Talents who declined the company's request (and are not removed). */
function declinedTalents(db: Writer, companyId: string) {
  return db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, companyId), isNull(companyTalentRoster.deletedAt), eq(companyTalentRoster.consent, 'declined')));
}

/**
 * The talents the company may add by id, with how it knows each: not on its roster now
 * (mayAddAgain: removed or declined entries may be added again), profile not deleted.
 * Removed and declined entries are offered only where the company knew the talent (she had
 * accepted, or her profile is visible): a list of names must not reveal the hidden profile
 * of someone who never let the company in.
 */
async function rosterCandidates(db: Writer, companyId: string, talentProfileId: string | null): Promise<CandidateRow[]> {
  const only = (column: typeof talentProfile.id) => (talentProfileId ? eq(column, talentProfileId) : undefined);
  const via = sql<CandidateVia>`case
    when ${talentProfile.id} in (${removedTalents(db, companyId)}) then 'REMOVED'
    when ${talentProfile.id} in (${declinedTalents(db, companyId)}) then 'DECLINED'
    when ${talentProfile.id} in (${assignedTalents(db, companyId)}) then 'ASSIGNMENT'
    else 'APPLICATION' end`;
  const onRosterNow = db
    .select({ talentProfileId: companyTalentRoster.talentProfileId })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, companyId), isNull(companyTalentRoster.deletedAt), ne(companyTalentRoster.consent, 'declined')));
  return db
    .select({ id: talentProfile.id, name: talentProfile.profileName, jobTitle: talentProfile.jobTitle, via })
    .from(talentProfile)
    .where(
      and(
        only(talentProfile.id),
        isNull(talentProfile.deletedAt),
        or(
          inArray(talentProfile.id, applicantsOf(db, companyId)),
          inArray(talentProfile.id, assignedTalents(db, companyId)),
          inArray(talentProfile.id, removedTalents(db, companyId, rosterHolds())),
          and(eq(talentProfile.isVisible, true), or(inArray(talentProfile.id, removedTalents(db, companyId)), inArray(talentProfile.id, declinedTalents(db, companyId)))),
        ),
        sql`${talentProfile.id} not in (${onRosterNow})`,
      ),
    )
    .orderBy(sql`lower(coalesce(${talentProfile.profileName}, ''))`, asc(talentProfile.id))
    .limit(ROSTER_CANDIDATES_LIMIT);
}

builder.queryField('findManyCompanyTalentRosterCandidate', (t) =>
  t.field({
    type: [RosterCandidate],
    description: `Talents the selected company may add to its roster by id: applicants, talents on its assignments and removed entries, not on the roster now; at most ${ROSTER_CANDIDATES_LIMIT}, by name. Needs companyTalentRoster read and create`,
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read', 'create');
      return rosterCandidates(context.db, companyId, null);
    },
  }),
);

const CreateOneCompanyTalentRosterInput = builder.inputType('CreateOneCompanyTalentRosterInput', {
  description: 'The talent (exactly one of talentProfileId and email) and the entry',
  fields: (t) => ({
    talentProfileId: t.id({ description: 'A talent of findManyCompanyTalentRosterCandidate' }),
    email: t.string({ description: "The address a talent's account signs in with, confirmed by the identity provider (any other answers emailUnknown)" }),
    employmentType: t.string({ description: 'freelancer or employee' }),
    employeeNumber: t.string(),
    managerId: t.id({ description: "A member's user id (findManyCompanyTalentRosterManager)" }),
    currency: t.string({ required: true, description: 'The balance currency (ISO 4217)' }),
  }),
});

const UpdateOneCompanyTalentRosterInput = builder.inputType('UpdateOneCompanyTalentRosterInput', {
  description: 'The whole entry: a field left out is emptied, except the currency, which is kept',
  fields: (t) => ({
    employmentType: t.string({ description: 'freelancer or employee' }),
    employeeNumber: t.string(),
    managerId: t.id({ description: "A member's user id" }),
    currency: t.string({ description: 'Only while the ledger is empty (else currencyLocked)' }),
  }),
});

const asText = (value: unknown) => (value === null || value === undefined ? value : String(value));

/** The manager must be a member of the company: anything else is the field code managerUnknown. */
async function requireManager(db: Writer, companyId: string, managerId: string | null): Promise<void> {
  if (!managerId) return;
  const [member] = await db.select({ id: companyOnUser.id }).from(companyOnUser).where(and(eq(companyOnUser.companyId, companyId), eq(companyOnUser.userId, managerId))).limit(1);
  if (!member) throw invalidFields([{ path: 'managerId', code: 'managerUnknown' }], TALENT_ROSTER_ERRORS);
}

/**
 * The talent the input names: a candidate by id (else NOT_FOUND), or a talent by e-mail
 * (else the field code emailUnknown). An address finds only the account of a user whose
 * address the identity provider confirmed (user.emailVerified): the contact address a
 * profile shows, or an address nobody proved to own, answers exactly like an unknown one,
 * so a request reaches the person who owns the address and no one else.
 */
async function talentOf(db: Writer, companyId: string, values: RosterCreateValues): Promise<{ id: string }> {
  if (values.talentProfileId) {
    const [candidate] = await rosterCandidates(db, companyId, values.talentProfileId);
    if (candidate) return { id: candidate.id };
    // On the roster already (asked, or accepted): said on the field, like an address of a talent already there.
    const [present] = await db
      .select({ consent: companyTalentRoster.consent })
      .from(companyTalentRoster)
      .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, values.talentProfileId), isNull(companyTalentRoster.deletedAt)))
      .limit(1);
    if (present && !mayAddAgain({ consent: present.consent, removed: false })) throw invalidFields([{ path: 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
    throw notFound('The talent');
  }
  const email = values.email!.toLowerCase();
  const [found] = await db
    .select({ id: talentProfile.id })
    .from(talentProfile)
    .innerJoin(user, eq(user.id, talentProfile.userId))
    .where(and(isNull(talentProfile.deletedAt), eq(user.emailVerified, true), eq(sql`lower(${user.email})`, email)))
    .orderBy(asc(talentProfile.createdAt))
    .limit(1);
  if (!found) throw invalidFields([{ path: 'email', code: 'emailUnknown' }], TALENT_ROSTER_ERRORS);
  return found;
}

/** What an event row keeps of an entry. */
const eventFieldsOf = (row: Pick<RosterRow, 'talentProfileId' | 'consent' | 'employmentType' | 'employeeNumber' | 'managerId' | 'currency' | 'balance'>) => ({
  talentProfileId: row.talentProfileId,
  consent: row.consent,
  employmentType: row.employmentType,
  employeeNumber: row.employeeNumber,
  managerId: row.managerId,
  currency: row.currency,
  balance: row.balance,
});

builder.mutationField('createOneCompanyTalentRoster', (t) =>
  t.field({
    type: CompanyTalentRoster,
    description:
      "Asks a talent to join the selected company's roster: the entry is requested until she accepts or declines (answerMyRosterRequest), and holds nothing of hers before she accepts. A removed entry is restored, its ledger with it (accepted if she had accepted, else a new request); a declined one is asked again. By e-mail, only a confirmed account address finds a talent. Needs companyTalentRoster create. Field codes: talentRequired, emailUnknown, alreadyOnRoster, managerUnknown, currencyLocked... Records companyTalentRoster.create addressed to the talent",
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: CreateOneCompanyTalentRosterInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'create');
      const parsed = rosterCreateSchema.safeParse({ ...data, talentProfileId: asText(data.talentProfileId), managerId: asText(data.managerId) });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_ROSTER_ERRORS);
      const values = parsed.data;
      return context.db.transaction(async (tx) => {
        const talent = await talentOf(tx, companyId, values);
        await requireManager(tx, companyId, values.managerId);
        const columns = { employmentType: values.employmentType, employeeNumber: values.employeeNumber, managerId: values.managerId };
        const [existing] = await tx
          .select({ id: companyTalentRoster.id })
          .from(companyTalentRoster)
          .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, talent.id)))
          .limit(1)
          .for('update');
        let id: string;
        let before: RosterRow | null = null;
        if (existing) {
          before = await ownRosterEntry(tx, companyId, existing.id);
          if (!mayAddAgain({ consent: before.consent, removed: before.deletedAt !== null })) {
            throw invalidFields([{ path: values.email ? 'email' : 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
          }
          // Restored: its ledger is still there, so its currency stays unless the ledger is empty.
          if (values.currency !== before.currency && !mayChangeCurrency(before.transactionCount)) {
            throw invalidFields([{ path: 'currency', code: 'currencyLocked' }], TALENT_ROSTER_ERRORS);
          }
          // Accepted stays accepted (with when she answered); anything else is a new request.
          const consent = consentOnAddingAgain(before.consent);
          const consentAnsweredAt = consent === 'requested' ? null : before.consentAnsweredAt;
          await tx.update(companyTalentRoster).set({ ...columns, currency: values.currency, deletedAt: null, consent, consentAnsweredAt }).where(eq(companyTalentRoster.id, existing.id));
          id = existing.id;
        } else {
          // Two adds at once: the unique index (company, talent) keeps one; the other is told the talent is there.
          const [created] = await tx
            .insert(companyTalentRoster)
            .values({ ...columns, companyId, talentProfileId: talent.id, currency: values.currency, balance: '0.00', consent: 'requested' })
            .onConflictDoNothing()
            .returning({ id: companyTalentRoster.id });
          if (!created) throw invalidFields([{ path: values.email ? 'email' : 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
          id = created.id;
        }
        const entry = await ownRosterEntry(tx, companyId, id);
        await recordEvent(tx, context.viewer!, {
          type: 'companyTalentRoster.create',
          toId: entry.talentUserId,
          data: { entityId: id, companyId, ...(before ? { restored: true } : {}), before: before ? { ...eventFieldsOf(before), removedAt: before.deletedAt } : null, after: eventFieldsOf(entry) },
        });
        return entry;
      });
    },
  }),
);

/** The checked edit, or BAD_USER_INPUT with a code per field. */
function checkedUpdate(data: Record<string, unknown>): RosterUpdateValues {
  const parsed = rosterUpdateSchema.safeParse({ ...data, managerId: asText(data.managerId) });
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_ROSTER_ERRORS);
  return parsed.data;
}

builder.mutationField('updateOneCompanyTalentRoster', (t) =>
  t.field({
    type: CompanyTalentRoster,
    description:
      "Changes a roster entry of the selected company: employment type, employee number, manager, and the currency while its ledger is empty (else currencyLocked); a removed entry is NOT_FOUND. Needs companyTalentRoster update. Records companyTalentRoster.update addressed to the talent",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateOneCompanyTalentRosterInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'update');
      const values = checkedUpdate(data);
      return context.db.transaction(async (tx) => {
        const before = await ownRosterEntry(tx, companyId, String(id), true);
        if (before.deletedAt) throw notFound('The roster entry');
        const currency = values.currency ?? before.currency;
        if (currency !== before.currency && !mayChangeCurrency(before.transactionCount)) throw invalidFields([{ path: 'currency', code: 'currencyLocked' }], TALENT_ROSTER_ERRORS);
        await requireManager(tx, companyId, values.managerId);
        await tx
          .update(companyTalentRoster)
          .set({ employmentType: values.employmentType, employeeNumber: values.employeeNumber, managerId: values.managerId, currency })
          .where(eq(companyTalentRoster.id, before.id));
        const after = await ownRosterEntry(tx, companyId, before.id);
        await recordEvent(tx, context.viewer!, { type: 'companyTalentRoster.update', toId: after.talentUserId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: eventFieldsOf(after) } });
        return after;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyTalentRoster', (t) =>
  t.field({
    type: 'Boolean',
    description:
      "Removes a talent from the selected company's roster (soft: the entry, its ledger and the notes stay; adding the talent again restores it); a removed entry is NOT_FOUND. Needs companyTalentRoster delete. Records companyTalentRoster.delete addressed to the talent",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await ownRosterEntry(tx, companyId, String(id), true);
        if (before.deletedAt) throw notFound('The roster entry');
        await tx.update(companyTalentRoster).set({ deletedAt: new Date() }).where(and(eq(companyTalentRoster.id, before.id), isNull(companyTalentRoster.deletedAt)));
        await recordEvent(tx, context.viewer!, { type: 'companyTalentRoster.delete', toId: before.talentUserId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: null } });
        return true;
      });
    },
  }),
);
