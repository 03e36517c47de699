import pg from 'pg';
import { openEmbeddedPostgres } from '../../../src/server/db/embedded-postgres';

/**
 * Gives a platform role to the sign-in account of `email` in the running e2e server's
 * embedded database, as an operator does (no page grants platform roles). The server
 * started it; this only joins it (openEmbeddedPostgres answers the running one).
 */
export async function grantPlatformRole(email: string, role: string): Promise<void> {
  const server = await openEmbeddedPostgres(process.env.E2E_DATA_DIR ?? '.data/e2e', () => {});
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const updated = await client.query('update identity_account set roles = array_append(roles, $2) where lower(email) = lower($1)', [email, role]);
    if (updated.rowCount !== 1) throw new Error(`no sign-in account for ${email}`);
  } finally {
    await client.end();
  }
}
