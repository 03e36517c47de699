type LocaleValue = string | readonly unknown[] | LocaleTree;
type LocaleTree = { [key: string]: LocaleValue };

// Strings and lists (returnObjects) are leaves; only plain objects are merged into.
const isBranch = (value: LocaleValue | undefined): value is LocaleTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep-merges the files of one namespace. The same key in two files is a mistake (one
 * would silently win), so it throws at start-up and in the unit tests instead.
 */
export function mergeLocaleParts(...parts: ReadonlyArray<object>): LocaleTree {
  const merged: LocaleTree = {};
  const mergeInto = (target: LocaleTree, source: LocaleTree, path: string) => {
    for (const [key, value] of Object.entries(source)) {
      const here = path ? `${path}.${key}` : key;
      const existing = target[key];
      if (existing === undefined) {
        target[key] = isBranch(value) ? mergeInto({}, value, here) : value;
      } else if (isBranch(existing) && isBranch(value)) {
        mergeInto(existing, value, here);
      } else {
        throw new Error(`Locale key "${here}" is defined in two files`);
      }
    }
    return target;
  };
  for (const part of parts) mergeInto(merged, part as LocaleTree, '');
  return merged;
}
