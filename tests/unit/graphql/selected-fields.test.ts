import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectsField } from '../../../src/server/api/selected-fields';

/** What a resolver of the operation's first field gets as info (the parts selectsField reads). */
function infoOf(source: string) {
  const document = parse(source);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments };
}

describe('selectsField', () => {
  it('finds a field asked for directly, at any depth below the resolved one', () => {
    const info = infoOf('{ jobAds { total items { id description company { name description } } } }');
    expect(selectsField(info, ['items', 'description'])).toBe(true);
    expect(selectsField(info, ['items', 'company', 'description'])).toBe(true);
    expect(selectsField(info, ['total'])).toBe(true);
  });

  it('says no for a field not asked for, or asked for at another place', () => {
    const info = infoOf('{ jobAds { items { id title company { description } } } }');
    expect(selectsField(info, ['items', 'description'])).toBe(false);
    expect(selectsField(info, ['items', 'adDescription'])).toBe(false);
    expect(selectsField(info, ['description'])).toBe(false);
    expect(selectsField(info, [])).toBe(false);
  });

  it('looks through named fragments, nested ones and inline fragments', () => {
    const info = infoOf(`
      query { jobAds { items { ...Card ... on JobAd { adDescription } } } }
      fragment Card on JobAd { id company { ...Publisher } }
      fragment Publisher on PublicCompany { description }`);
    expect(selectsField(info, ['items', 'company', 'description'])).toBe(true);
    expect(selectsField(info, ['items', 'adDescription'])).toBe(true);
    expect(selectsField(info, ['items', 'description'])).toBe(false);
  });

  it('matches field names, not aliases', () => {
    const info = infoOf('{ jobAds { items { description: title text: description } } }');
    expect(selectsField(info, ['items', 'description'])).toBe(true);
    expect(selectsField(info, ['items', 'title'])).toBe(true);
    expect(selectsField(infoOf('{ jobAds { items { description: title } } }'), ['items', 'description'])).toBe(false);
  });

  it('counts a field under @skip or @include as asked for (never too little)', () => {
    expect(selectsField(infoOf('query ($x: Boolean!) { jobAds { items { description @include(if: $x) } } }'), ['items', 'description'])).toBe(true);
  });
});
