import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { savedTalentListLabel, SAVED_TALENT_ERRORS } from '../../../lib/saved-talents/saved-talent-input';
import { companySavedTalent, companySavedTalentList, talentPoolConsent, talentProfile, user, type TalentSkill } from '../../db/schema';
import type { PoolConsentStatus } from '../../../lib/talent-pools/pool-consent';
import { askPoolConsent, PoolConsentStatusEnum } from '../talent-pools/pool-consent';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { reachableTalentLink } from '../job-applications/talent-link';

// A company's shortlists of talents (the companySavedTalentList and companySavedTalent
// entities): named lists, shared by the members who may read saved talents; a talent is
// saved into a list (once per list), moved to another, removed. Lists and entries are
// looked up inside the tp-company company: another company's ids answer NOT_FOUND. A talent
// is saved only while its profile is visible or linked to the company, like notes. The first
// save asks her consent to the company's talent pool (talent-pools/pool-consent.ts); once
// she has said no, she is saved no more (CONFLICT poolDeclined).

interface ListRow {
  id: string;
  label: string;
  talentCount: number;
  createdAt: Date;
}

export const SavedTalentList = builder.objectRef<ListRow>('SavedTalentList').implement({
  description: 'A named shortlist of the selected company',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    talentCount: t.exposeInt('talentCount'),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

interface EntryRow {
  id: string;
  listId: string | null;
  listLabel: string | null;
  savedByName: string | null;
  createdAt: Date;
  talentProfileId: string;
  profileName: string | null;
  jobTitle: string | null;
  location: string | null;
  skills: TalentSkill[];
  isVisible: boolean;
  poolConsent: PoolConsentStatus | null;
}

export const SavedTalent = builder.objectRef<EntryRow>('SavedTalent');
SavedTalent.implement({
  description: 'A talent saved into one of the selected company\'s lists',
  fields: (t) => ({
    id: t.exposeID('id'),
    list: t.field({ type: SavedTalentList, nullable: true, resolve: (row) => (row.listId && row.listLabel !== null ? { id: row.listId, label: row.listLabel, talentCount: 0, createdAt: row.createdAt } : null) }),
    savedByName: t.exposeString('savedByName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    talentProfileId: t.exposeID('talentProfileId'),
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    skills: t.stringList({ resolve: (row) => row.skills.map((skill) => skill.name).filter(Boolean) }),
    isVisible: t.exposeBoolean('isVisible', { description: 'False once the talent hid their profile: kept here, no longer found in search' }),
    poolConsent: t.field({
      type: PoolConsentStatusEnum,
      nullable: true,
      description: "Her answer to the company's request to keep her in its talent pool: requested while she has not answered; null for a talent saved before consent was asked",
      resolve: (row) => row.poolConsent,
    }),
  }),
});

const SavedTalentPage = pageOf(SavedTalent, 'SavedTalent');

/** Saved talents with their list, who saved them and the talent, for any filter: each list's page, a talent's lists. */
function selectEntries(db: Writer) {
  return db
    .select({
      id: companySavedTalent.id,
      listId: companySavedTalent.companySavedTalentListId,
      listLabel: companySavedTalentList.label,
      savedByName: sql<string | null>`coalesce(${user.displayName}, ${user.email})`,
      createdAt: companySavedTalent.createdAt,
      talentProfileId: talentProfile.id,
      profileName: talentProfile.profileName,
      jobTitle: talentProfile.jobTitle,
      location: talentProfile.location,
      skills: talentProfile.skills,
      isVisible: talentProfile.isVisible,
      poolConsent: talentPoolConsent.status,
    })
    .from(companySavedTalent)
    .innerJoin(talentProfile, eq(talentProfile.id, companySavedTalent.talentProfileId))
    .innerJoin(companySavedTalentList, eq(companySavedTalentList.id, companySavedTalent.companySavedTalentListId))
    .leftJoin(user, eq(user.id, companySavedTalent.userId))
    .leftJoin(talentPoolConsent, and(eq(talentPoolConsent.companyId, companySavedTalent.companyId), eq(talentPoolConsent.talentProfileId, companySavedTalent.talentProfileId)))
    .$dynamic();
}

async function ownList(db: Writer, companyId: string, id: string, lock = false) {
  if (!isUuid(id)) throw notFound('The list');
  const query = db.select().from(companySavedTalentList).where(and(eq(companySavedTalentList.id, id), eq(companySavedTalentList.companyId, companyId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The list');
  return row;
}

async function ownEntry(db: Writer, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound('The saved talent');
  const [row] = await db.select().from(companySavedTalent).where(and(eq(companySavedTalent.id, id), eq(companySavedTalent.companyId, companyId))).limit(1).for('update');
  if (!row) throw notFound('The saved talent');
  return row;
}

/** A label taken by another list of the company is refused with a code, before the unique index would. */
async function requireFreeLabel(db: Writer, companyId: string, label: string, except: string | null) {
  const [taken] = await db
    .select({ id: companySavedTalentList.id })
    .from(companySavedTalentList)
    .where(and(eq(companySavedTalentList.companyId, companyId), sql`lower(${companySavedTalentList.label}) = lower(${label})`, except ? sql`${companySavedTalentList.id} <> ${except}` : undefined))
    .limit(1);
  if (taken) throw invalidFields([{ path: 'label', code: 'labelTaken' }], SAVED_TALENT_ERRORS, null);
}

/** The company's lists by name with their sizes; one list when `id` is given. */
function listRows(db: Writer, companyId: string, id: string | null = null) {
  return db
    .select({ id: companySavedTalentList.id, label: companySavedTalentList.label, createdAt: companySavedTalentList.createdAt, talentCount: sql<number>`(select count(*)::int from "company_saved_talent" as "entry" where "entry"."company_saved_talent_list_id" = "company_saved_talent_list"."id")` })
    .from(companySavedTalentList)
    .where(and(eq(companySavedTalentList.companyId, companyId), id ? eq(companySavedTalentList.id, id) : undefined))
    .orderBy(asc(sql`lower(${companySavedTalentList.label})`));
}

builder.queryField('findManyCompanySavedTalentList', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [SavedTalentList],
    description: "The selected company's talent lists by name, with how many talents each holds; needs companySavedTalent read",
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'read');
      return listRows(context.db, companyId);
    },
  }),
);

builder.queryField('findManyCompanySavedTalent', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SavedTalentPage,
    description: 'The talents of one of the company\'s lists, newest first; needs companySavedTalent read',
    args: { ...pageArgs, listId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'read');
      const list = await ownList(context.db, companyId, String(args.listId));
      const window = pageWindow(args);
      const where = and(eq(companySavedTalent.companyId, companyId), eq(companySavedTalent.companySavedTalentListId, list.id), isNull(talentProfile.deletedAt));
      const [rows, [total]] = await Promise.all([
        selectEntries(context.db)
          .where(where)
          .orderBy(desc(companySavedTalent.createdAt), desc(companySavedTalent.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(companySavedTalent).innerJoin(talentProfile, eq(talentProfile.id, companySavedTalent.talentProfileId)).where(where),
      ]);
      return { items: rows as EntryRow[], total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.mutationField('createOneCompanySavedTalentList', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SavedTalentList,
    description: 'Creates a named list; needs companySavedTalent create. Records companySavedTalentList.create',
    args: { label: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'create');
      const parsed = savedTalentListLabel.safeParse(args.label);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error).map((issue) => ({ ...issue, path: 'label' })), SAVED_TALENT_ERRORS, null);
      return context.db.transaction(async (tx) => {
        await requireFreeLabel(tx, companyId, parsed.data, null);
        const [created] = await tx.insert(companySavedTalentList).values({ companyId, label: parsed.data }).returning();
        await recordEvent(tx, context.viewer, { type: 'companySavedTalentList.create', toId: companyId, data: { entityId: created!.id, companyId, before: null, after: { label: created!.label } } });
        return { id: created!.id, label: created!.label, createdAt: created!.createdAt, talentCount: 0 };
      });
    },
  }),
);

builder.mutationField('updateOneCompanySavedTalentList', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SavedTalentList,
    description: 'Renames a list; needs companySavedTalent update. Records companySavedTalentList.update',
    args: { id: t.arg.id({ required: true }), label: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'update');
      const parsed = savedTalentListLabel.safeParse(args.label);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error).map((issue) => ({ ...issue, path: 'label' })), SAVED_TALENT_ERRORS, null);
      return context.db.transaction(async (tx) => {
        const before = await ownList(tx, companyId, String(args.id), true);
        await requireFreeLabel(tx, companyId, parsed.data, before.id);
        await tx.update(companySavedTalentList).set({ label: parsed.data }).where(eq(companySavedTalentList.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'companySavedTalentList.update', toId: companyId, data: { entityId: before.id, companyId, before: { label: before.label }, after: { label: parsed.data } } });
        const [row] = await listRows(tx, companyId, before.id);
        return row!;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanySavedTalentList', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Deletes a list and its entries (the talents stay where else they are saved); needs companySavedTalent delete. Records companySavedTalentList.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await ownList(tx, companyId, String(args.id), true);
        const [entries] = await tx.select({ total: count() }).from(companySavedTalent).where(eq(companySavedTalent.companySavedTalentListId, before.id));
        await tx.delete(companySavedTalentList).where(eq(companySavedTalentList.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'companySavedTalentList.delete', toId: companyId, data: { entityId: before.id, companyId, before: { label: before.label, talentCount: entries?.total ?? 0 }, after: null } });
        return true;
      });
    },
  }),
);

/** Visible profiles, or ones the company works with (mayReachTalent), may be saved; anything else is NOT_FOUND. */
async function requireSavableTalent(db: Writer, companyId: string, talentProfileId: string) {
  if (!(await reachableTalentLink(db, companyId, talentProfileId))) throw notFound('The talent');
}

builder.mutationField('createOneCompanySavedTalent', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description:
      "Saves a talent into one of the company's lists (once per list: saving again is CONFLICT alreadySaved); needs companySavedTalent create. The company's first save of her asks her consent to its talent pool (talentPoolConsent.create, addressed to her); one she declined or withdrew is CONFLICT poolDeclined. Records companySavedTalent.create",
    args: { talentProfileId: t.arg.id({ required: true }), listId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companySavedTalent', 'create');
      return context.db.transaction(async (tx) => {
        const list = await ownList(tx, companyId, String(args.listId), true);
        const talentId = String(args.talentProfileId);
        await requireSavableTalent(tx, companyId, talentId);
        await askPoolConsent(tx, context.viewer, { companyId, talentProfileId: talentId, requestedById: userId }, SAVED_TALENT_ERRORS);
        const [created] = await tx.insert(companySavedTalent).values({ companyId, talentProfileId: talentId, userId, companySavedTalentListId: list.id }).onConflictDoNothing().returning({ id: companySavedTalent.id });
        if (!created) throw conflict('alreadySaved', SAVED_TALENT_ERRORS);
        await recordEvent(tx, context.viewer, { type: 'companySavedTalent.create', toId: companyId, data: { entityId: created.id, companyId, talentProfileId: talentId, listId: list.id, before: null, after: { list: list.label } } });
        return created.id;
      });
    },
  }),
);

builder.mutationField('moveCompanySavedTalent', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description: 'Moves a saved talent to another of the company\'s lists (CONFLICT alreadySaved when it is there already); needs companySavedTalent update. Records companySavedTalent.update',
    args: { id: t.arg.id({ required: true }), listId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'update');
      return context.db.transaction(async (tx) => {
        const entry = await ownEntry(tx, companyId, String(args.id));
        const target = await ownList(tx, companyId, String(args.listId), true);
        if (entry.companySavedTalentListId === target.id) return entry.id;
        const [there] = await tx.select({ id: companySavedTalent.id }).from(companySavedTalent).where(and(eq(companySavedTalent.companySavedTalentListId, target.id), eq(companySavedTalent.talentProfileId, entry.talentProfileId))).limit(1);
        if (there) throw conflict('alreadySaved', SAVED_TALENT_ERRORS);
        await tx.update(companySavedTalent).set({ companySavedTalentListId: target.id }).where(eq(companySavedTalent.id, entry.id));
        await recordEvent(tx, context.viewer, { type: 'companySavedTalent.update', toId: companyId, data: { entityId: entry.id, companyId, talentProfileId: entry.talentProfileId, before: { listId: entry.companySavedTalentListId }, after: { listId: target.id } } });
        return entry.id;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanySavedTalent', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Removes a talent from one of the company\'s lists; needs companySavedTalent delete. Records companySavedTalent.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companySavedTalent', 'delete');
      return context.db.transaction(async (tx) => {
        const entry = await ownEntry(tx, companyId, String(args.id));
        await tx.delete(companySavedTalent).where(eq(companySavedTalent.id, entry.id));
        await recordEvent(tx, context.viewer, { type: 'companySavedTalent.delete', toId: companyId, data: { entityId: entry.id, companyId, talentProfileId: entry.talentProfileId, before: { listId: entry.companySavedTalentListId }, after: null } });
        return true;
      });
    },
  }),
);

/** For a talent's profile: the company's entries of the talent, one per list holding it, by the list's name. */
export function entriesOfTalent(db: Writer, companyId: string, talentProfileId: string): Promise<EntryRow[]> {
  return selectEntries(db)
    .where(and(eq(companySavedTalent.companyId, companyId), eq(companySavedTalent.talentProfileId, talentProfileId)))
    .orderBy(asc(sql`lower(${companySavedTalentList.label})`), asc(companySavedTalent.id));
}

/** For search results: the company's lists holding each of these talents, by talent. */
export async function listsHolding(db: Writer, companyId: string, talentProfileIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!talentProfileIds.length) return new Map();
  const rows = await db
    .select({ talentProfileId: companySavedTalent.talentProfileId, label: companySavedTalentList.label })
    .from(companySavedTalent)
    .innerJoin(companySavedTalentList, eq(companySavedTalentList.id, companySavedTalent.companySavedTalentListId))
    .where(and(eq(companySavedTalent.companyId, companyId), inArray(companySavedTalent.talentProfileId, [...talentProfileIds])))
    .orderBy(asc(companySavedTalentList.label));
  const byTalent = new Map<string, string[]>();
  for (const row of rows) byTalent.set(row.talentProfileId, [...(byTalent.get(row.talentProfileId) ?? []), row.label]);
  return byTalent;
}
