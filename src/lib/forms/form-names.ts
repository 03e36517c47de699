/**
 * A field path as the API names it in its `fieldErrors` (`experience.0.endDate`), in the
 * notation of the form's names (`experience[0].endDate`), which Conform reads into lists:
 * the API's issue then lands on the field that caused it. Form names pass unchanged.
 */
export function formNameOf(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** Forms hold short lists (at most 50 entries); a higher index in a post is never read. */
export const MAX_LIST_INDEX = 200;

/**
 * Whether a posted name stays within the list indexes a form may hold: Conform reads
 * `skills[99999999].name` into a list that long, which the schema would then walk.
 */
export function withinListIndexes(name: string): boolean {
  for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (index!.length > 3 || Number(index) > MAX_LIST_INDEX) return false;
  return true;
}
