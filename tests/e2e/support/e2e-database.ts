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
