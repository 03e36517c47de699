import { describe, expect, it } from 'vitest';
import { preparedQuery } from '../../../src/server/db/prepared-query';

describe('preparedQuery', () => {
  it('builds the query once per database and hands back that one each time', () => {
    const builtFor: object[] = [];
    const queryOf = preparedQuery((db: { name: string }) => {
      builtFor.push(db);
      return { sql: `select from ${db.name}` };
    });
    const first = { name: 'first' };
    const second = { name: 'second' };
    const query = queryOf(first);
    expect(queryOf(first)).toBe(query);
    expect(queryOf(second)).toEqual({ sql: 'select from second' });
    expect(builtFor).toEqual([first, second]);
  });
});
