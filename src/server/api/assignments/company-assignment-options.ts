import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { company, jobDescription, talentProfile } from '../../db/schema';
import { builder, type Types } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { linkedToCompany } from '../job-applications/talent-link';
import type { CompanyView } from './assignment-rows';
import { AssignmentCompany } from './assignment-types';
import { partnersOf } from './company-assignment-rows';
import { CompanyJobAssignmentTalent } from './company-assignment-types';

// findJobAssignmentOptions: what the selected company may name on an assignment (its job
// descriptions, the talents linked to it, itself and its partners), for the assignment
// form and the list filters. Writes check the same rules (company-assignment-checks.ts).

/** How many options a form's selects list at most. */
const OPTION_LIMIT = 500;

interface RoleOptionView {
  id: string;
  title: string;
  clientCompany: CompanyView;
}

/** The selected company; each list of the options is read only when asked for. */
interface OptionsSource {
  companyId: string;
  /** Itself, then its partners by name: read once for the three company lists. */
  companies: () => Promise<{ self: CompanyView[]; clients: CompanyView[]; providers: CompanyView[] }>;
}

const JobAssignmentRoleOption = builder.objectRef<RoleOptionView>('JobAssignmentRoleOption').implement({
  description: 'A job description of the selected company, with the client it is for',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    clientCompany: t.field({ type: AssignmentCompany, resolve: (row) => row.clientCompany }),
  }),
});

const byName = (companies: CompanyView[]) => [...companies].sort((a, b) => a.name.localeCompare(b.name));
/** The company first, then the others by name, each once. */
const selfFirst = (self: CompanyView[], others: CompanyView[]) => [...self, ...byName(others).filter((each, index, all) => !self.some((own) => own.id === each.id) && all.findIndex((other) => other.id === each.id) === index)];

/** One of the options' company lists: the company itself, then the partners `others` picks. */
const companyList = (
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, OptionsSource>,
  description: string,
  others: (partners: { clients: CompanyView[]; providers: CompanyView[] }) => CompanyView[],
) =>
  t.field({
    type: [AssignmentCompany],
    description,
    resolve: async (source) => {
      const companies = await source.companies();
      return selfFirst(companies.self, others(companies));
    },
  });

const JobAssignmentOptions = builder.objectRef<OptionsSource>('JobAssignmentOptions').implement({
  description: `What the selected company may name on an assignment, each list by name (at most ${OPTION_LIMIT})`,
  fields: (t) => ({
    jobDescriptions: t.field({
      type: [JobAssignmentRoleOption],
      description: 'Its job descriptions',
      resolve: async ({ companyId }, _args, { db }) => {
        const rows = await db
          .select({ id: jobDescription.id, title: jobDescription.title, clientId: company.id, clientName: company.name })
          .from(jobDescription)
          .innerJoin(company, eq(company.id, jobDescription.clientCompanyId))
          .where(and(eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt)))
          .orderBy(asc(jobDescription.title), asc(jobDescription.id))
          .limit(OPTION_LIMIT);
        return rows.map(({ id, title, clientId, clientName }) => ({ id, title, clientCompany: { id: clientId, name: clientName } }));
      },
    }),
    talents: t.field({
      type: [CompanyJobAssignmentTalent],
      description: 'The talents on its roster or holding one of its applications (an answer to its invitation is one)',
      resolve: ({ companyId }, _args, { db }) =>
        db
          .select({ id: talentProfile.id, profileName: talentProfile.profileName, jobTitle: talentProfile.jobTitle })
          .from(talentProfile)
          .where(and(isNull(talentProfile.deletedAt), linkedToCompany(db, companyId)))
          .orderBy(sql`${talentProfile.profileName} asc nulls last`, asc(talentProfile.id))
          .limit(OPTION_LIMIT),
    }),
    clientCompanies: companyList(t, 'Itself first, then the companies it provides talents to', ({ clients }) => clients),
    providerCompanies: companyList(t, 'Itself first, then the companies that provide talents to it', ({ providers }) => providers),
    salesCompanies: companyList(t, 'Itself first, then every company linked to it either way', ({ clients, providers }) => [...clients, ...providers]),
  }),
});

builder.queryField('findJobAssignmentOptions', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobAssignmentOptions,
    description: "The choices of the selected company's assignment form and list filters; needs jobAssignment read",
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const { db } = context;
      let companies: ReturnType<OptionsSource['companies']> | null = null;
      const load = async () => {
        const [self, partners] = await Promise.all([db.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)), partnersOf(db, companyId)]);
        return { self, ...partners };
      };
      return { companyId, companies: () => (companies ??= load()) };
    },
  }),
);
