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

/**
 * Gives a platform role to the sign-in account of `email` in the running e2e server's
 * embedded database, as an operator does (no page grants platform roles). The server
 * started it; this only joins it (openEmbeddedPostgres answers the running one).
 */
export async function grantPlatformRole(email: string, role: string): Promise<void> {
  if (!e2eDatabaseReachable()) throw new Error('the e2e server runs PGlite: its database cannot be joined from a test');
  const server = await openEmbeddedPostgres(dataDir(), () => {});
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const updated = await client.query('update identity_account set roles = array_append(roles, $2) where lower(email) = lower($1)', [email, role]);
    if (updated.rowCount !== 1) throw new Error(`no sign-in account for ${email}`);
  } finally {
    await client.end();
  }
}

/** The push endpoints the running e2e server keeps for the user of `email` (web_push_subscription). */
export async function pushEndpointsOf(email: string): Promise<string[]> {
  if (!e2eDatabaseReachable()) throw new Error('the e2e server runs PGlite: its database cannot be joined from a test');
  const server = await openEmbeddedPostgres(dataDir(), () => {});
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ endpoint: string }>('select s.endpoint from web_push_subscription s join "user" u on u.id = s.user_id where lower(u.email) = lower($1) order by s.endpoint', [email]);
    return rows.map((row) => row.endpoint);
  } finally {
    await client.end();
  }
}

/** Moves an interview to yesterday in the running e2e server's database, as time would: its scorecard opens. */
export async function moveInterviewIntoPast(interviewId: string): Promise<void> {
  if (!e2eDatabaseReachable()) throw new Error('the e2e server runs PGlite: its database cannot be joined from a test');
  const server = await openEmbeddedPostgres(dataDir(), () => {});
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const updated = await client.query("update interview set starts_at = now() - interval '26 hours', ends_at = now() - interval '25 hours' where id = $1 and status = 'BOOKED'", [interviewId]);
    if (updated.rowCount !== 1) throw new Error(`no booked interview ${interviewId}`);
  } finally {
    await client.end();
  }
}
