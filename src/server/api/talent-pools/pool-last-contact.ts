import { sql } from 'drizzle-orm';
import { talentPoolConsent } from '../../db/schema';

// The last contact between a company and a talent, from which her agreement to its pool runs
// (lib/talent-pools/retention.ts): her last agreement, her last application to the company,
// or the last message between them, whichever is latest. One SQL expression over a
// talent_pool_consent row, read by her settings (until when it holds) and by the retention
// job; the subqueries use their own aliases, as the job's queries also read the
// applications table, and the indexes on (talent, time) of both tables.
export const poolLastContact = sql<Date>`greatest(
  ${talentPoolConsent.lastContactAt},
  (select max("contact_thread"."last_message_at") from "message_thread" as "contact_thread"
    where "contact_thread"."talent_profile_id" = ${talentPoolConsent.talentProfileId} and "contact_thread"."company_id" = ${talentPoolConsent.companyId}),
  (select max("contact_application"."created_at") from "talent_job_application" as "contact_application"
    where "contact_application"."talent_profile_id" = ${talentPoolConsent.talentProfileId} and "contact_application"."company_id" = ${talentPoolConsent.companyId})
)`.mapWith(talentPoolConsent.lastContactAt);
