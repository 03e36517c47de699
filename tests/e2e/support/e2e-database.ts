import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openEmbeddedPostgres } from '../../../src/server/db/embedded-postgres';

const dataDir = () => process.env.E2E_DATA_DIR ?? '.data/e2e';

/**
 * Whether the e2e server's database can be joined from the test: the embedded PostgreSQL
 * server it runs (its postmaster.pid), not PGlite, which lives inside the server's process
 * (chosen where the postgres user cannot reach the checkout, e.g. under /root).
 */
export function e2eDatabaseReachable(): boolean {
  return existsSync(path.join(dataDir(), 'postgres', 'postmaster.pid'));
}

/** Runs `work` on a connection to the running e2e server's embedded database (the server started it; this only joins it). */
async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!e2eDatabaseReachable()) throw new Error('the e2e server runs PGlite: its database cannot be joined from a test');
  const server = await openEmbeddedPostgres(dataDir(), () => {});
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives a platform role to the sign-in account of `email` in the running e2e server's
 * embedded database, as an operator does (no page grants platform roles). The server
 * started it; this only joins it (openEmbeddedPostgres answers the running one).
 */
export async function grantPlatformRole(email: string, role: string): Promise<void> {
  return withE2eDatabase(async (client) => {
    const updated = await client.query('update identity_account set roles = array_append(roles, $2) where lower(email) = lower($1)', [email, role]);
    if (updated.rowCount !== 1) throw new Error(`no sign-in account for ${email}`);
  });
}

/** The push endpoints the running e2e server keeps for the user of `email` (web_push_subscription). */
export async function pushEndpointsOf(email: string): Promise<string[]> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ endpoint: string }>('select s.endpoint from web_push_subscription s join "user" u on u.id = s.user_id where lower(u.email) = lower($1) order by s.endpoint', [email]);
    return rows.map((row) => row.endpoint);
  });
}

/** Moves an interview to yesterday in the running e2e server's database, as time would: its scorecard opens. */
export async function moveInterviewIntoPast(interviewId: string): Promise<void> {
  return withE2eDatabase(async (client) => {
    const updated = await client.query("update interview set starts_at = now() - interval '26 hours', ends_at = now() - interval '25 hours' where id = $1 and status = 'BOOKED'", [interviewId]);
    if (updated.rowCount !== 1) throw new Error(`no booked interview ${interviewId}`);
  });
}

/**
 * Makes the moves of an application still held from its talent due now (the company's
 * delay over), as if the minutes had passed: the server's sweep then shows them to her.
 */
export async function makeHeldTalentStatusesDue(applicationId: string): Promise<void> {
  return withE2eDatabase(async (client) => {
    const updated = await client.query("update talent_job_application_status set visible_at = now() - interval '1 second' where talent_job_application_id = $1 and published_at is null", [applicationId]);
    if (updated.rowCount !== 1) throw new Error(`no move held for application ${applicationId}`);
  });
}

/**
 * The retention job's two cases, made in the running e2e server's database as time would make
 * them: two new talents' applications to an ad of `companyName`, rejected `daysAgo` days ago;
 * the second talent agreed to the company's pool since. Answers the two application ids and the company's.
 */
export async function applicationsEndedLongAgo(companyName: string, daysAgo: number, tag: string): Promise<{ lapsed: string; pooled: string; companyId: string }> {
  return withE2eDatabase(async (client) => {
    const { rows: places } = await client.query<{ companyId: string; jobAdId: string; stepId: string }>(
      `select c.id as "companyId", a.id as "jobAdId", s.id as "stepId" from company c
         join job_ad a on a.publisher_company_id = c.id
         join company_hiring_step s on s.company_id = c.id and s."group" = 'REJECTED' and s.deleted_at is null
       where c.name = $1 and c.deleted_at is null order by a.created_at, s."order" limit 1`,
      [companyName],
    );
    const place = places[0];
    if (!place) throw new Error(`${companyName} has no job ad or no rejected step`);
    const made: string[] = [];
    for (const name of ['Lapsed', 'Pooled']) {
      const email = `retention-${name.toLowerCase()}-${tag}@example.test`;
      const { rows: users } = await client.query<{ id: string }>('insert into "user" (external_id, email, display_name) values ($1, $2, $3) returning id', [`retention-${name.toLowerCase()}-${tag}`, email, `${name} ${tag}`]);
      const { rows: profiles } = await client.query<{ id: string }>('insert into talent_profile (user_id, profile_name, email) values ($1, $2, $3) returning id', [users[0]!.id, `${name} ${tag}`, email]);
      const { rows: applications } = await client.query<{ id: string }>(
        `insert into talent_job_application (job_ad_id, talent_profile_id, company_id, company_hiring_step_id, created_at, step_changed_at, message)
         values ($1, $2, $3, $4, now() - make_interval(days => $5 + 10), now() - make_interval(days => $5), $6) returning id`,
        [place.jobAdId, profiles[0]!.id, place.companyId, place.stepId, daysAgo, `Cover note of ${name} ${tag}`],
      );
      made.push(applications[0]!.id);
      if (name === 'Pooled') {
        await client.query("insert into talent_pool_consent (company_id, talent_profile_id, status, answered_at, last_contact_at) values ($1, $2, 'accepted', now() - interval '30 days', now() - interval '30 days')", [place.companyId, profiles[0]!.id]);
      }
    }
    return { lapsed: made[0]!, pooled: made[1]!, companyId: place.companyId };
  });
}
