import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printApiSchema } from '../../src/server/api/schema';

const FILE = 'schema.graphql';

describe('committed schema.graphql', () => {
  it('matches the schema the code builds (run with UPDATE_SCHEMA=1 to refresh it)', () => {
    const printed = printApiSchema();
    if (process.env.UPDATE_SCHEMA === '1' || !existsSync(FILE)) writeFileSync(FILE, printed);
    expect(readFileSync(FILE, 'utf8')).toBe(printed);
  });
});
