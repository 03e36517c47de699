import pg from 'pg';

/**
 * Drops the database `databaseUrl` names and creates it afresh (a bench's own database: the
 * server's postgres and template databases and the tests' `test` are refused).
 * @param {string} databaseUrl
 */
export async function freshDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || ['postgres', 'template0', 'template1', 'test'].includes(name)) {
    throw new Error(`refusing to drop the database "${name}": give --database-url a database of its own`);
  }
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
