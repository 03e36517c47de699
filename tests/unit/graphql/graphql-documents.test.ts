import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_ENV_FILE, graphqlEnvOf } from '../../../scripts/graphql-env.mjs';

// Every operation the pages and islands send must still be valid for the committed
// schema.graphql: a change to the API that breaks one fails here, not in a user's page.
const schemaText = readFileSync('schema.graphql', 'utf8');
const schema = buildSchema(schemaText);

function filesUnder(folder: string, endings: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full, endings);
    return endings.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isOperationText = (value: unknown): value is string => typeof value === 'string' && /^\s*(query|mutation)\b[\s\w$(]/.test(value);
const isDocument = (value: unknown): value is DocumentNode => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document';

/** Documents exported by the pure modules (src/lib): plain strings and typed documents alike. */
async function libraryDocuments(): Promise<Array<{ where: string; document: DocumentNode }>> {
  const found: Array<{ where: string; document: DocumentNode }> = [];
  for (const file of filesUnder('src/lib', /\.ts$/)) {
    const module = (await import(path.resolve(file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isOperationText(value)) found.push({ where: `${file} ${name}`, document: parse(value) });
      // A fragment on its own is checked where an operation spreads it.
      else if (isDocument(value) && value.definitions.some((definition) => definition.kind === 'OperationDefinition')) found.push({ where: `${file} ${name}`, document: value });
    }
  }
  return found;
}

/** Literal operations written in pages, endpoints and islands (no interpolation allowed there). */
function literalDocuments(): Array<{ where: string; document: DocumentNode }> {
  const found: Array<{ where: string; document: DocumentNode }> = [];
  for (const file of [...filesUnder('src/pages', /\.(ts|astro)$/), ...filesUnder('src/islands', /\.tsx?$/)]) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(['`])\s*((?:query|mutation)\s+[A-Z]\w*[\s\S]*?)\1/g)) {
      const text = match[2]!;
      expect(text, `${file}: a document built with \${...} belongs in src/lib`).not.toContain('${');
      found.push({ where: file, document: parse(text) });
    }
  }
  return found;
}

describe('GraphQL documents against the committed schema', () => {
  it('graphql-env.d.ts (the types gql.tada reads) is up to date with schema.graphql (npm run schema:types)', () => {
    expect(readFileSync(GRAPHQL_ENV_FILE, 'utf8')).toBe(graphqlEnvOf(schemaText));
  });

  it('every document of src/lib, the pages and the islands validates', async () => {
    const documents = [...(await libraryDocuments()), ...literalDocuments()];
    expect(documents.length).toBeGreaterThan(30);
    const invalid = documents.flatMap(({ where, document }) => validate(schema, document).map((error) => `${where}: ${error.message}`));
    expect(invalid).toEqual([]);
    // It imports every module of src/lib: seconds on a busy machine, more than the default 5.
  }, 60_000);

  it('would catch a document that no longer matches the schema', () => {
    const errors = validate(schema, parse('query Broken { findMe { id noSuchField } }'));
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('noSuchField')]);
  });
});
