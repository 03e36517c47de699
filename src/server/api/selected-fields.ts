import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the operation asks, below the field being resolved, for the field at `path`
 * (field names, not aliases: `['items', 'description']`), through named and inline
 * fragments. A resolver uses it to leave out what nobody will read (long texts of a list).
 * It errs on the side of yes: a field under @skip or @include counts as asked for, and a
 * fragment's type condition is not checked, so a caller never misses a field it asked for.
 */
export function selectsField(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: readonly string[]): boolean {
  const found = (selectionSet: SelectionSetNode | undefined, depth: number, seen: ReadonlySet<string>): boolean => {
    if (!selectionSet) return false;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== path[depth]) continue;
        if (depth === path.length - 1 || found(selection.selectionSet, depth + 1, seen)) return true;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (found(selection.selectionSet, depth, seen)) return true;
      } else {
        const name = selection.name.value;
        // A fragment cannot spread itself (validation refuses cycles); the set guards anyway.
        if (seen.has(name)) continue;
        if (found(info.fragments[name]?.selectionSet, depth, new Set([...seen, name]))) return true;
      }
    }
    return false;
  };
  return path.length > 0 && info.fieldNodes.some((node) => found(node.selectionSet, 0, new Set()));
}
