// Importing a domain file registers its types and operations on the builder.
import '../scalars';
import '../account/users';
import '../talent/talents';
import '../talent/talent-profile-mutations';
import '../talent/talent-uploads';
import '../talent/catalog';
import '../jobs/jobs';
import '../talent-jobs/applications';
import '../talent/personalized-jobs';
import '../companies/company-dashboard';
import '../seo/sitemap';
import '../jobs/job-ad-gone';
import '../impersonation/impersonation-candidates';
import '../impersonation/impersonation';
import '../impersonation/impersonation-audit';
import '../talent/talent-employers';
import '../talent/roster-requests';
import '../talent/talent-providers';
import '../companies/company-public-profile';
import '../account/account';
import '../transactions/balance-transactions';
import '../assignments/assignment-queries';
import '../assignments/assignment-mutations';
import '../assignments/company-assignments';
import '../talent-jobs/saved-job-ads';
import '../talent-jobs/received-invitations';
import '../billing/billing';
import '../billing/billing-mutations';
import '../billing/billing-attachments';
import '../billing/payment-profile';
import '../companies/company';
import '../companies/company-logo';
import '../companies/members';
import '../companies/roles';
import '../companies/hiring-steps';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder';

export const schema = builder.toSchema();

/** The schema as committed in schema.graphql (sorted, so diffs stay readable). */
export function printApiSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
import '../job-descriptions/job-descriptions';
import '../job-ads/job-ads';
import '../job-applications/received-applications';
import '../talent-notes/talent-notes';
import '../job-applications/rejection-reasons';
import '../talent-search/talent-search';
import '../talent-search/talent-profile';
import '../saved-talents/saved-talents';
import '../talent-invitations/talent-invitations';
import '../billing/company-billings';
import '../sales/company-sales';
import '../invoices/invoices';
import '../talent-roster/talent-roster';
import '../talent-roster/roster-ledger';
import '../talent-roster/provider-companies';
import '../admin/admin-companies';
import '../admin/admin-users';
import '../admin/admin-job-ads';
import '../admin/admin-job-applications';
import '../feature-flags/feature-flags';
import '../rate-insight/rate-insight';
import '../notifications/notifications';
import '../job-alerts/job-alerts';
