import { and, or } from 'drizzle-orm';
import { ASSIGNMENT_STATUSES } from '../../../lib/assignments/assignment-status';
import { billing, company } from '../../db/schema';
import { builder, type Types } from '../builder';
import { pageOf } from '../pagination';
import { clientCompany, providerCompany, salesCompany, type CompanyView, type RoleView, type AssignmentView, type BillingView, type AssignmentDetailView, loadBillings } from './assignment-rows';

// The GraphQL types of the talent's assignments (list item, detail, billings, options).

export const AssignmentStatusEnum = builder.enumType('TalentAssignmentStatus', {
  description: 'Where an assignment stands today, from its dates: before the start day, between start and end (both included), after the end day',
  values: ASSIGNMENT_STATUSES,
});

export const AssignmentSort = builder.enumType('TalentAssignmentSort', {
  values: {
    START_DATE_DESC: { description: 'Newest start first (undated last)' },
    START_DATE_ASC: { description: 'Oldest start first (undated last)' },
  },
});

export const AssignmentFilter = builder.enumType('TalentAssignmentFilter', {
  values: {
    ALL: { description: 'Every assignment' },
    CURRENT: { description: 'Only assignments whose status is CURRENT today' },
  },
});

export const AssignmentCompany = builder.objectRef<CompanyView>('TalentAssignmentCompany').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
  }),
});

export const AssignmentRole = builder.objectRef<RoleView>('TalentAssignmentRole').implement({
  description: 'The job description the assignment fills',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    skills: t.exposeStringList('skills'),
  }),
});

export const AssignmentBilling = builder.objectRef<BillingView>('TalentAssignmentBilling').implement({
  description: "One of the assignment's monthly billings, as a summary",
  fields: (t) => ({
    id: t.exposeID('id'),
    year: t.exposeInt('year'),
    month: t.exposeInt('month', { description: '1 to 12' }),
    status: t.exposeString('status', { description: 'DRAFT, SENT, APPROVED, INVOICED, PAID or REJECTED' }),
    amount: t.field({ type: 'Decimal', description: 'What the talent bills', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    clientAmount: t.field({
      type: 'Decimal',
      nullable: true,
      description:
        'What the client pays for this billing; null unless the assignment shows client prices to the talent (clientPricesIsVisibleToTalent), or while no price is known',
      resolve: (row) => row.clientAmount,
    }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'yyyy-mm-dd' }),
  }),
});

/** The fields of an assignment, shared by the list item and the detail type. */
export function assignmentFields<Shape extends AssignmentView>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) {
  return {
    id: t.id({ resolve: (row) => row.id }),
    status: t.field({ type: AssignmentStatusEnum, resolve: (row) => row.status }),
    startDate: t.string({ nullable: true, description: 'yyyy-mm-dd', resolve: (row) => row.startDate }),
    endDate: t.string({ nullable: true, description: 'yyyy-mm-dd; null while open-ended', resolve: (row) => row.endDate }),
    team: t.string({ nullable: true, resolve: (row) => row.team }),
    costCenter: t.string({ nullable: true, resolve: (row) => row.costCenter }),
    talentNote: t.string({ nullable: true, resolve: (row) => row.talentNote }),
    currency: t.string({ nullable: true, description: 'ISO 4217 code of the assignment', resolve: (row) => row.currency }),
    clientPricesIsVisibleToTalent: t.boolean({ resolve: (row) => row.clientPricesIsVisibleToTalent }),
    role: t.field({ type: AssignmentRole, nullable: true, resolve: (row) => row.role }),
    clientCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.clientCompany }),
    providerCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.providerCompany }),
    salesCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.salesCompany }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  };
}

export const TalentAssignment = builder.objectRef<AssignmentView>('TalentAssignment');
TalentAssignment.implement({
  description: "One of the signed-in talent's job assignments",
  fields: (t) => assignmentFields(t),
});

export const TalentAssignmentDetail = builder.objectRef<AssignmentDetailView>('TalentAssignmentDetail').implement({
  description: "One of the signed-in talent's job assignments, with its billings",
  fields: (t) => ({
    ...assignmentFields(t),
    // A detail is one row per request, so loading its billings here is one query, and only
    // when they are asked for.
    billings: t.field({ type: [AssignmentBilling], description: 'Newest period first', resolve: (row, _args, context) => loadBillings(context.db, row.profileId, row) }),
  }),
});

export const TalentAssignmentPage = pageOf(TalentAssignment, 'TalentAssignment');

export interface ClientOptionView {
  company: CompanyView;
  currency: string;
  roles: Array<{ id: string; title: string }>;
}

export const RoleOption = builder.objectRef<{ id: string; title: string }>('TalentAssignmentRoleOption').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
  }),
});

export const ClientOption = builder.objectRef<ClientOptionView>('TalentAssignmentClientOption').implement({
  description: 'A company whose talent roster holds the signed-in talent: a client they can record an assignment with',
  fields: (t) => ({
    company: t.field({ type: AssignmentCompany, resolve: (row) => row.company }),
    currency: t.exposeString('currency', { description: "The roster entry's currency, the default of a new assignment" }),
    roles: t.field({ type: [RoleOption], description: "The company's job descriptions, by title", resolve: (row) => row.roles }),
  }),
});
