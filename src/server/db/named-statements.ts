import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements one connection keeps prepared at most: the server holds each one's parse tree
 * and plans for the life of the connection, so this bounds that memory per connection. The
 * statements of the hot pages come first and stay; a text past the bound is planned per call.
 */
export const MAX_NAMED_STATEMENTS_PER_CONNECTION = 200;

/**
 * Searches by words: how many rows match depends on the words (a common one matches half the
 * ads, a rare one none), so PostgreSQL must plan each call for its own values; a plan kept
 * for the statement (PostgreSQL's generic plan) could be the wrong one for the next words.
 */
const SEARCHES_BY_WORDS = /tsquery\(|\bilike\b|similarity\(/i;

/** Names worked out so far, by text: hashing each statement's text on every call showed in profiles. */
const namesByText = new Map<string, string | null>();
/** Texts whose names are remembered at most: the product's statements are far fewer. */
const MAX_REMEMBERED_NAMES = 5_000;

/**
 * The name a statement is prepared under, or null to send it unnamed (planned per call):
 * statements without parameters (DDL, migrations, `select 1`: one-offs, and a text of
 * several statements cannot be prepared) and searches by words.
 */
export function statementNameOf(text: string, values: unknown): string | null {
  if (!Array.isArray(values) || values.length === 0) return null;
  let name = namesByText.get(text);
  if (name === undefined) {
    name = SEARCHES_BY_WORDS.test(text) ? null : `tp_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    if (namesByText.size < MAX_REMEMBERED_NAMES) namesByText.set(text, name);
  }
  return name;
}

/**
 * Makes the client send each parameterised statement as a named prepared statement.
 * Unnamed, PostgreSQL parses and plans every call afresh; named, it parses a statement once
 * per connection and, after a few calls, keeps a plan for it. Planning was most of the
 * server's CPU for a signed-in page, whose queries are small (a user by id, a page of
 * rows): measured on the 2-core machine, the PostgreSQL CPU of a talent's dashboard went
 * from 8.3 to 3.0 ms and of the apply form from 3.5 to 1.3 ms.
 *
 * Named statements belong to a server connection, so a pooler that hands one client's
 * statements to another connection (PgBouncer in transaction mode before 1.21) must not
 * stand between the product and PostgreSQL.
 */
export function nameStatementsOf(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // A plain query config only: not a text alone, one named already, or a Submittable (a cursor).
    if (config === null || typeof config !== 'object' || !('text' in config) || typeof config.text !== 'string' || ('name' in config && config.name) || 'submit' in config) {
      return send(config, ...rest);
    }
    const values = 'values' in config && config.values !== undefined ? config.values : rest[0];
    const name = statementNameOf(config.text, values);
    if (name === null || (!prepared.has(name) && prepared.size >= MAX_NAMED_STATEMENTS_PER_CONNECTION)) return send(config, ...rest);
    prepared.add(name);
    return send({ ...config, name }, ...rest);
  }) as typeof client.query;
}
