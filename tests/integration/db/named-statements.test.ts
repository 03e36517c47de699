import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresDatabaseHandle } from '../../../src/server/db/client';
import { MAX_NAMED_STATEMENTS_PER_CONNECTION } from '../../../src/server/db/named-statements';
import { user } from '../../../src/server/db/schema';
import { openTestDatabase, testDatabaseUrl } from '../../support/test-database';

// The pool's connections send parameterised statements as named prepared statements (the
// server parses them once and keeps a plan), except searches by words, and at most
// MAX_NAMED_STATEMENTS_PER_CONNECTION per connection. pg_prepared_statements lists a
// connection's own prepared statements.
describe.skipIf(!testDatabaseUrl)('named statements on PostgreSQL', () => {
  let database: PostgresDatabaseHandle;
  let client: pg.PoolClient;
  const preparedTexts = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((row) => row.statement);

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    if (opened.kind !== 'postgres') throw new Error('expected PostgreSQL');
    database = opened;
    client = await database.pool.connect();
  });
  afterAll(async () => {
    client?.release();
    await database?.close();
  });

  it('prepares drizzle’s statements once per connection, and they answer as before', async () => {
    const db = drizzle({ client });
    await db.insert(user).values({ externalId: 'named-1', email: 'named-1@example.test' });
    for (let call = 0; call < 3; call += 1) {
      const rows = await db.select({ email: user.email }).from(user).where(eq(user.externalId, 'named-1'));
      expect(rows).toEqual([{ email: 'named-1@example.test' }]);
    }
    const texts = await preparedTexts();
    expect(texts.filter((text) => text.startsWith('select "email" from "user"'))).toHaveLength(1);
    expect(texts.some((text) => text.startsWith('insert into "user"'))).toBe(true);
  });

  it('leaves searches by words and statements without parameters unnamed', async () => {
    const db = drizzle({ client });
    await db.execute(sql`select count(*) from "user" where email ilike ${'%named%'}`);
    await db.execute(sql`select count(*) from "user"`);
    const texts = await preparedTexts();
    expect(texts.some((text) => text.includes('ilike'))).toBe(false);
    expect(texts).not.toContain('select count(*) from "user"');
  });

  it(`keeps at most ${MAX_NAMED_STATEMENTS_PER_CONNECTION} per connection; past them, statements are still answered`, async () => {
    for (let index = 0; index <= MAX_NAMED_STATEMENTS_PER_CONNECTION; index += 1) {
      const { rows } = await client.query<{ n: number }>({ text: `select $1::int + ${index} as n`, values: [1] });
      expect(rows[0]!.n).toBe(1 + index);
    }
    expect(await preparedTexts()).toHaveLength(MAX_NAMED_STATEMENTS_PER_CONNECTION);
  });
});
