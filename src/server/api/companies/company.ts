import { and, eq, isNull } from 'drizzle-orm';
import { companyCreateSchema, companyUpdateSchema } from '../../../lib/companies/company-input';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { isUuid } from '../../../lib/ids';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { company, companyOnUser, type PostalAddress } from '../../db/schema';
import { builder, type Types } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import { duplicateCandidates, lockedOwnerCount, ownerRoleId, setUpNewCompany, type CompanyRow } from './company-rows';
import type { Writer } from '../../db/client';

// The company itself (the company entity): create one (any signed-in user), edit the selected
// one, leave one. "My companies" is findMe.companies (company, logo, role, verification
// status, effective permissions): no second list of the same memberships here.

const CompanyAddress = builder.objectRef<PostalAddress>('CompanyAddress').implement({
  fields: (t) => ({
    street: t.exposeString('street', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    region: t.exposeString('region', { nullable: true }),
  }),
});

/** The profile fields every view of a company shows: its members' (Company) and the platform's (AdminCompany). */
export function companyProfileFieldsOf<Shape extends CompanyRow>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) {
  return {
    id: t.id({ resolve: (row) => row.id }),
    name: t.string({ resolve: (row) => row.name }),
    description: t.string({ nullable: true, resolve: (row) => row.description }),
    country: t.string({ nullable: true, description: 'ISO 3166-1 alpha-2', resolve: (row) => row.country }),
    website: t.string({ nullable: true, resolve: (row) => row.website }),
    industry: t.string({ nullable: true, resolve: (row) => row.industry }),
    size: t.string({ nullable: true, resolve: (row) => row.size }),
    type: t.string({ nullable: true, resolve: (row) => row.type }),
    logo: t.string({ nullable: true, resolve: (row) => row.logo }),
    isPossibleDuplicate: t.boolean({ description: 'Another company has the same name or website domain: the platform reviews it', resolve: (row) => row.isPossibleDuplicate }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  };
}

export const Company = builder.objectRef<CompanyRow>('Company').implement({
  description: 'A company as its members see it',
  fields: (t) => ({
    ...companyProfileFieldsOf(t),
    address: t.field({ type: CompanyAddress, nullable: true, resolve: (row) => row.address }),
    accountingCurrency: t.exposeString('accountingCurrency', { nullable: true, description: 'ISO 4217' }),
    stuckAfterDays: t.exposeInt('stuckAfterDays', { description: 'Days an application may stay in an in-progress hiring step before it is marked stuck (1 to 365)' }),
    talentStatusDelayMinutes: t.exposeInt('talentStatusDelayMinutes', { description: 'Minutes before a move of an application reaches its talent, during which the move can be taken back (0 to 1440)' }),
    refusedApplicationMonths: t.exposeInt('refusedApplicationMonths', { description: "Months after which a refused or withdrawn application's note, answers, documents and messages are erased, unless its talent agreed to the company's pool (1 to 6)" }),
    poolConsentMonths: t.exposeInt('poolConsentMonths', { description: "Months a talent's agreement to the company's pool lasts from the last contact (1 to 24)" }),
    verificationStatus: t.exposeString('verificationStatus', { description: 'pending until the platform verifies it; only verified companies can be selected' }),
  }),
});

const CompanyAddressInput = builder.inputType('CompanyAddressInput', {
  fields: (t) => ({
    street: t.string(),
    postalCode: t.string(),
    city: t.string(),
    region: t.string(),
  }),
});

const companyInputFields = (nameRequired: boolean) =>
  builder.inputType(nameRequired ? 'CreateOneCompanyInput' : 'UpdateOneCompanyInput', {
    description: nameRequired
      ? 'A new company: a name and any other profile field'
      : 'A partial edit of the selected company: a field left out stays as it is; blank or null empties it (the name cannot be emptied)',
    fields: (t) => ({
      name: t.string({ required: nameRequired, description: 'Trimmed, 1 to 200 characters, one line' }),
      description: t.string({ description: 'At most 5000 characters' }),
      address: t.field({ type: CompanyAddressInput }),
      country: t.string({ description: 'ISO 3166-1 alpha-2, e.g. PT' }),
      website: t.string({ description: 'An http or https address; "example.com" reads as https://example.com/' }),
      industry: t.string(),
      size: t.string(),
      type: t.string(),
      accountingCurrency: t.string({ description: 'ISO 4217, e.g. EUR' }),
      stuckAfterDays: t.int({ description: 'Days an application may stay in an in-progress hiring step before it is marked stuck: a whole number from 1 to 365 (a new company starts at 14); cannot be emptied' }),
      talentStatusDelayMinutes: t.int({ description: 'Minutes before a move of an application reaches its talent (the undo): a whole number from 0 (at once) to 1440 (a new company starts at 15); cannot be emptied' }),
      refusedApplicationMonths: t.int({ description: 'Months an ended application is kept without a pool agreement: a whole number from 1 to 6 (a new company starts at 6); cannot be emptied' }),
      poolConsentMonths: t.int({ description: "Months a talent's pool agreement lasts from the last contact: a whole number from 1 to 24 (a new company starts at 24); cannot be emptied" }),
    }),
  });

const CreateOneCompanyInput = companyInputFields(true);
const UpdateOneCompanyInput = companyInputFields(false);

/** Whether another company makes this one a possible duplicate (same normalised name or website domain). */
async function findsDuplicate(tx: Writer, name: string, website: string | null, exceptId: string | null): Promise<boolean> {
  return (await duplicateCandidates(tx, { name, website }, exceptId, 1)).length > 0;
}

/** Postal address as stored: the country lives beside it, copied in so an invoice finds it whole. */
function storedAddress(address: Record<string, string | null | undefined> | null | undefined, country: string | null | undefined): PostalAddress | null {
  if (!address) return null;
  const entries = Object.entries({ ...address, country }).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? (Object.fromEntries(entries) as PostalAddress) : null;
}

builder.mutationField('createOneCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Company,
    description:
      'Creates a company (pending until the platform verifies it) with you as its owner (the default role), the default hiring steps, and a company.update event. A possible duplicate is created and flagged, never refused',
    args: { data: t.arg({ type: CreateOneCompanyInput, required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      const parsed = companyCreateSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS);
      const { address, ...values } = parsed.data;
      return db.transaction(async (tx) => {
        const duplicate = await findsDuplicate(tx, values.name, values.website ?? null, null);
        const [created] = await tx
          .insert(company)
          .values({ ...values, address: storedAddress(address, values.country), isPossibleDuplicate: duplicate, verificationStatus: 'pending' })
          .returning();
        const { ownerRoleId: roleId } = await setUpNewCompany(tx, created!.id, viewer.userId);
        // The event types list only `company.update` for companies: a company's first state is the
        // first update of its record, so creation is logged as one (marked `created`), which
        // keeps the audit trail complete without an event type the spec does not have.
        await recordEvent(tx, viewer, {
          type: 'company.update',
          toId: created!.id,
          data: { entityId: created!.id, companyId: created!.id, created: true, ownerRoleId: roleId, before: null, after: { ...values, isPossibleDuplicate: duplicate } },
        });
        return created!;
      });
    },
  }),
);

builder.queryField('findCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Company,
    description: 'The company selected with tp-company; needs company read',
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'read');
      const [row] = await context.db.select().from(company).where(and(eq(company.id, companyId), isNull(company.deletedAt))).limit(1);
      if (!row) throw notFound('The company');
      return row;
    },
  }),
);

builder.mutationField('updateOneCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Company,
    description: 'Edits the company selected with tp-company; needs company read and update. Records company.update',
    args: { data: t.arg({ type: UpdateOneCompanyInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'read', 'update');
      const parsed = companyUpdateSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS);
      const { address, ...values } = parsed.data;
      const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
      return context.db.transaction(async (tx) => {
        const [before] = await tx.select().from(company).where(and(eq(company.id, companyId), isNull(company.deletedAt))).limit(1).for('update');
        if (!before) throw notFound('The company');
        const country = values.country === undefined ? before.country : values.country;
        const set: Partial<CompanyRow> = { ...changes };
        if (address !== undefined) set.address = storedAddress(address, country);
        else if (values.country !== undefined && before.address) set.address = storedAddress({ ...before.address, country: undefined }, country);
        if (values.name !== undefined || values.website !== undefined) {
          set.isPossibleDuplicate = await findsDuplicate(tx, values.name ?? before.name, values.website === undefined ? before.website : values.website, companyId);
        }
        if (Object.keys(set).length === 0) return before;
        const [updated] = await tx
          .update(company)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(company.id, companyId))
          .returning();
        const changed = Object.keys(set) as Array<keyof CompanyRow>;
        await recordEvent(tx, context.viewer, {
          type: 'company.update',
          toId: companyId,
          data: {
            entityId: companyId,
            companyId,
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, updated![key]])),
          },
        });
        return updated!;
      });
    },
  }),
);

builder.mutationField('leaveCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description:
      'Ends your own membership of a company (any of yours, verified or not; no tp-company needed) and answers its id. Refused with CONFLICT reason lastOwner while you are its only owner. Records companyOnUser.delete',
    args: { companyId: t.arg.id({ required: true }) },
    resolve: async (_root, { companyId }, { db, viewer }) => {
      const id = String(companyId);
      if (!isUuid(id)) throw notFound('The company');
      const userId = viewer.userId;
      return db.transaction(async (tx) => {
        const [membership] = await tx
          .select({ id: companyOnUser.id, roleId: companyOnUser.roleId })
          .from(companyOnUser)
          .where(and(eq(companyOnUser.companyId, id), eq(companyOnUser.userId, userId)))
          .limit(1)
          .for('update');
        // Not a member answers like a company that does not exist.
        if (!membership) throw notFound('The company');
        const ownerRole = await ownerRoleId(tx, id);
        if (ownerRole && membership.roleId === ownerRole && (await lockedOwnerCount(tx, id, ownerRole)) <= 1) throw conflict('lastOwner', COMPANY_ERRORS);
        await tx.delete(companyOnUser).where(eq(companyOnUser.id, membership.id));
        await recordEvent(tx, viewer, {
          type: 'companyOnUser.delete',
          toId: id,
          data: { entityId: membership.id, companyId: id, left: true, before: { userId, roleId: membership.roleId }, after: null },
        });
        return id;
      });
    },
  }),
);
