import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDiskFileStorage } from '../../../src/server/storage/disk-file-storage';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

// Checklist H43 (fuzzing): every operation of the API with arguments, fed values
// of every input type from fast-check (valid-looking, wrong, huge, empty, control
// characters), as a signed-in talent with a profile. Whatever arrives, the answer is an
// answer: never a 5xx, never the masked internal error. CI runs a bounded number of cases
// per operation (FUZZ_RUNS, default 15); bench/fuzz-api.mjs documents the long run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '💥'.repeat(50), "'; drop table users; --", '<script>alert(1)</script>', '%', '_', '\\'),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);
const idLike = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', ''), junkText);
const numberLike = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2_147_483_647, -2_147_483_648), fc.integer({ min: -1000, max: 1000 }));

function scalarArbitrary(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'Int':
      return numberLike;
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), numberLike);
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return idLike;
    case 'Decimal':
      return fc.oneof(fc.constantFrom('0', '12.50', '-1', '1e9', '99999999999999999999.999', 'NaN', 'abc', ''), junkText);
    case 'DateTime':
      return fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), fc.constantFrom('2026-02-30', '0000-01-01', 'yesterday', ''), junkText);
    case 'JSON':
      return fc.jsonValue({ maxDepth: 3 });
    default:
      return junkText;
  }
}

function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, depth);
  const nullable = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 9, arbitrary }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(type)) return nullable(fc.array(valueOf(type.ofType, depth + 1), { maxLength: depth > 1 ? 2 : 5 }));
  if (isEnumType(type)) return nullable(fc.oneof(fc.constantFrom(...type.getValues().map((value) => value.name))));
  if (isScalarType(type)) return nullable(scalarArbitrary(type.name));
  if (isInputObjectType(type)) {
    if (depth > 4) return fc.constant(null);
    const fields = Object.values(type.getFields());
    return nullable(fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field.type, depth + 1)])), { requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name) }));
  }
  return fc.constant(null);
}

/** The operations to fuzz: every query and mutation field with arguments, but uploads (multipart, fuzzed by the upload tests). */
function operations() {
  const list: Array<{ kind: 'query' | 'mutation'; name: string; args: readonly GraphQLArgument[]; selection: string }> = [];
  for (const [kind, root] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.args.length || field.args.some((arg) => getNamedType(arg.type).name === 'File')) continue;
      const named = getNamedType(field.type);
      // The smallest valid selection: __typename works on every object type.
      const selection = isScalarType(named) || isEnumType(named) ? '' : '{ __typename }';
      list.push({ kind, name: field.name, args: field.args, selection });
    }
  }
  return list;
}

describeEachDatabase('fuzzed inputs to every API operation (checklist H43)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    // Storage as the product has it, so the upload-related operations run for real.
    h = await startApiHarness(kind, { storage: await createDiskFileStorage(mkdtempSync(path.join(tmpdir(), 'tp-fuzz-'))) });
    token = await h.token(`fuzz-${kind}`, { email: `fuzz-${kind}@example.test` });
    const created = await h.call('mutation { createOneTalentProfile(data: { email: "fuzz@example.test", profileName: "Fuzz Talent" }) { id } }', { token });
    expect(created.body.errors).toBeUndefined();
  });
  afterAll(() => h?.close());

  const all = operations();

  it('covers the operations of the schema', () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(all.map((operation) => [`${operation.kind} ${operation.name}`, operation] as const))('%s never answers a server error', async (_label, operation) => {
    const variables = operation.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
    const passed = operation.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const query = `${operation.kind} Fuzz(${variables}) { ${operation.name}(${passed}) ${operation.selection} }`;
    const arbitrary = fc.record(Object.fromEntries(operation.args.map((arg) => [arg.name, valueOf(arg.type)])));
    await fc.assert(
      fc.asyncProperty(arbitrary, async (values) => {
        const { status, body } = await h.call(query, { token, variables: values as Record<string, unknown> });
        const internal = body.errors?.find((error) => error.message === 'Unexpected error.' || error.extensions?.code === 'INTERNAL_SERVER_ERROR');
        return status < 500 && !internal;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});
