// How many filters of a list's filter form are in force, for the phone toggle's count
// ("Filters (2)", components/ui/FilterForm.astro): the form's own fields, read from its
// rendered HTML, that the address gives a value. Any other parameter of the address (the
// page, an opened row) is not a filter and does not count.

/** The names of the form controls in a piece of rendered HTML, each once. */
export function fieldNamesIn(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(/<(?:input|select|textarea)\b[^>]*?\sname="([^"]+)"/g)) {
    const tag = match[0];
    // Hidden inputs carry state (a sort kept across filtering), not a choice made here.
    if (/\stype="hidden"/.test(tag)) continue;
    names.add(match[1]!);
  }
  return [...names];
}

/** The fields among `names` that `params` gives a value other than blank. */
export function activeFieldCount(names: readonly string[], params: URLSearchParams): number {
  return names.filter((name) => params.getAll(name).some((value) => value.trim() !== '')).length;
}
