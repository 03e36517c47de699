import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printApiSchema } from '../../../src/server/api/schema';

const FILE = 'schema.graphql';
const HOW_TO_FIX = 'run `npm run schema:write` and commit schema.graphql';

// The test only compares: a test that wrote the file would pass on a stale or missing
// schema (and change the work tree) instead of saying so.
describe('committed schema.graphql', () => {
  it('exists and matches the schema the code builds', () => {
    expect(existsSync(FILE), `${FILE} is missing: ${HOW_TO_FIX}`).toBe(true);
    expect(readFileSync(FILE, 'utf8'), `${FILE} is stale: ${HOW_TO_FIX}`).toBe(printApiSchema());
  });
});
