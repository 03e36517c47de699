const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id of ours is a UUID; anything else is answered like a missing id without a query. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** An id a form posted under `name`, or null when it is missing or no UUID (a form that was not ours). */
export function postedId(form: FormData, name = 'id'): string | null {
  const value = form.get(name);
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/** Every id a form posted under `name` (ticked boxes), each once; what is no UUID is left out. */
export function postedIds(form: FormData, name = 'id'): string[] {
  return [...new Set(form.getAll(name).filter((value): value is string => typeof value === 'string' && isUuid(value)))];
}

/** The record a detail or edit page is about (?id=…), or null when the address cannot name one. */
export function addressedId(url: URL, name = 'id'): string | null {
  const id = url.searchParams.get(name)?.trim() ?? '';
  return isUuid(id) ? id : null;
}
