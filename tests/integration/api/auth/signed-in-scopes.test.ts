import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '../../../../src/server/api/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

// Every operation declared with t.withAuth (signedIn, admin, impersonator) relies on scope
// auth to refuse a guest before its resolver runs: the resolver reads the viewer without a
// check (SignedInContext). So each one, called without a token and with well-formed
// arguments, must answer UNAUTHENTICATED.

const SAMPLE_SCALARS: Record<string, unknown> = {
  String: 'x',
  ID: '00000000-0000-4000-8000-000000000000',
  Int: 1,
  Float: 1,
  Boolean: false,
  DateTime: '2026-01-01T00:00:00.000Z',
  Decimal: '1',
  JSON: {},
};

/** A well-formed value of the type (required input fields only); undefined for a file, which goes in a multipart request. */
function sampleOf(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleOf(type.ofType);
  if (isListType(type)) {
    const item = sampleOf(type.ofType);
    return item === undefined ? undefined : [item];
  }
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isScalarType(type)) return SAMPLE_SCALARS[type.name];
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type) || field.defaultValue !== undefined) continue;
      const inner = sampleOf(field.type);
      if (inner === undefined) return undefined;
      value[field.name] = inner;
    }
    return value;
  }
  return undefined;
}

interface ScopedOperation {
  name: string;
  query: string;
  variables: Record<string, unknown>;
  /** The operation takes an upload (its argument `file`): sent as a multipart request. */
  upload: boolean;
}

function scopedOperations(kind: 'query' | 'mutation'): ScopedOperation[] {
  const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  const operations: ScopedOperation[] = [];
  for (const field of Object.values(root?.getFields() ?? {}) as GraphQLField<unknown, unknown>[]) {
    const options = field.extensions.pothosOptions as { authScopes?: unknown } | undefined;
    if (!options?.authScopes) continue;
    const declarations: string[] = [];
    const passed: string[] = [];
    const variables: Record<string, unknown> = {};
    let upload = false;
    for (const arg of field.args) {
      if (!isNonNullType(arg.type) || arg.defaultValue !== undefined) continue;
      declarations.push(`$${arg.name}: ${String(arg.type)}`);
      passed.push(`${arg.name}: $${arg.name}`);
      if (getNamedType(arg.type).name === 'File') upload = true;
      else variables[arg.name] = sampleOf(arg.type);
    }
    const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
    const query = `${kind}${declarations.length ? ` (${declarations.join(', ')})` : ''} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''}${selection} }`;
    operations.push({ name: field.name, query, variables, upload });
  }
  return operations;
}

describeEachDatabase('operations declared with t.withAuth refuse a guest', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  it('answers each of them UNAUTHENTICATED without a token', async () => {
    const operations = [...scopedOperations('query'), ...scopedOperations('mutation')];
    // Most of the API is for signed-in callers: a handful found would mean the walk missed them.
    expect(operations.length).toBeGreaterThan(150);
    for (const operation of operations) {
      const { body } = operation.upload
        ? await h.upload(operation.query, null, { bytes: new TextEncoder().encode('%PDF-1.4'), name: 'file.pdf', type: 'application/pdf' }, operation.variables)
        : await h.call(operation.query, { variables: operation.variables });
      expect(body.errors?.[0]?.extensions?.code, `${operation.name}: ${JSON.stringify(body.errors?.[0])}`).toBe('UNAUTHENTICATED');
    }
  });
});
