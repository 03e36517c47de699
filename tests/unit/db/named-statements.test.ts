import { describe, expect, it } from 'vitest';
import { statementNameOf } from '../../../src/server/db/named-statements';

describe('statementNameOf', () => {
  it('names a parameterised statement by its text: the same text the same name, another text another', () => {
    const name = statementNameOf('select "id" from "user" where "user"."external_id" = $1 limit $2', ['a', 1]);
    expect(name).toMatch(/^tp_[A-Za-z0-9_-]{24}$/);
    expect(statementNameOf('select "id" from "user" where "user"."external_id" = $1 limit $2', ['b', 2])).toBe(name);
    expect(statementNameOf('select "id" from "user" where "user"."id" = $1 limit $2', ['a', 1])).not.toBe(name);
  });

  it('leaves statements without parameters unnamed (DDL, migrations, several statements in one text)', () => {
    expect(statementNameOf('select 1', undefined)).toBeNull();
    expect(statementNameOf('create table a (id int); create table b (id int)', [])).toBeNull();
  });

  it('leaves searches by words unnamed, so that each is planned for its own words', () => {
    expect(statementNameOf(`select id from job_ad where search_vector @@ websearch_to_tsquery('simple', $1)`, ['developer'])).toBeNull();
    expect(statementNameOf('select "id" from "company" where "company"."name" ilike $1', ['%acme%'])).toBeNull();
    expect(statementNameOf('select greatest(similarity(lower(title), $1), word_similarity($1, lower(title))) from job_title_suggestion', ['devloper'])).toBeNull();
  });
});
