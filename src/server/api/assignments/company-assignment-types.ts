import { builder } from '../builder';
import { pageOf } from '../pagination';
import { hasMoneyRows, type CompanyAssignmentView, type TalentView } from './company-assignment-rows';
import { assignmentFields } from './assignment-types';

// The GraphQL types of the company side of job assignments: the talent's fields of the
// talent side (assignment-types.ts) with the talent placed and what the company may do.

export const CompanyJobAssignmentTalent = builder.objectRef<TalentView>('CompanyJobAssignmentTalent').implement({
  description: 'The talent placed, as the company sees them: no contact details',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Their talent profile' }),
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
  }),
});

export const CompanyJobAssignment = builder.objectRef<CompanyAssignmentView>('CompanyJobAssignment');
CompanyJobAssignment.implement({
  description: 'A job assignment the selected company takes part in as client, provider or sales company (the jobAssignment entity)',
  fields: (t) => ({
    ...assignmentFields(t),
    talent: t.field({ type: CompanyJobAssignmentTalent, resolve: (row) => row.talent }),
    roleIsOwn: t.boolean({
      description:
        "Whether the role is a live job description of the selected company, whose page opens here; a client's description, or one removed since, is named by its title only",
      resolve: (row, _args, context) => row.roleCompanyId !== null && row.roleCompanyId === context.company?.companyId,
    }),
    hasMoneyRows: t.boolean({
      description: 'Whether billings, invoices or balance transactions point at it (then it cannot be deleted); one query per assignment, for a detail page',
      resolve: (row, _args, context) => hasMoneyRows(context.db, row.id),
    }),
  }),
});

export const CompanyJobAssignmentPage = pageOf(CompanyJobAssignment, 'CompanyJobAssignment');
