const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id of ours is a UUID; anything else is answered like a missing id without a query. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
