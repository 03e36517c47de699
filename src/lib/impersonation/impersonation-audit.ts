// What each write of the impersonation audit changed (accountable impersonation: every change made
// while an impersonator acted as a user), read from its event row the way record-event.ts
// files it: the fields it names (changedFields) and the values before and after, where the
// event keeps them. Events about a talent profile or an account name their fields only,
// never the values (docs/personal-data.md), and so does the audit.

/** One field a write changed; a value is null where the event keeps none (or keeps more than a value). */
export interface WriteChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** The longest value the audit shows of a field, in characters. */
export const WRITE_VALUE_MAX = 120;

type Values = Record<string, unknown> | null | undefined;

const recordOf = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A value as the audit prints it: a string, number or boolean, cut to WRITE_VALUE_MAX; anything else is not shown. */
function shown(value: unknown): string | null {
  if (typeof value === 'string') return value.length > WRITE_VALUE_MAX ? `${value.slice(0, WRITE_VALUE_MAX - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * The fields a write changed, in the order its event names them: those of changedFields,
 * then those of its after and before values whose value differs (a field kept the same in
 * a full before/after copy is no change); a creation has only after, a deletion only before.
 */
export function writeChangesOf(data: { changedFields?: unknown; before?: Values; after?: Values } | null | undefined): WriteChange[] {
  const before = recordOf(data?.before);
  const after = recordOf(data?.after);
  const named = Array.isArray(data?.changedFields) ? data.changedFields.filter((field): field is string => typeof field === 'string') : [];
  const differs = (field: string) => !(before && after && field in before && field in after && JSON.stringify(before[field]) === JSON.stringify(after[field]));
  const fields = [...new Set([...named, ...Object.keys(after ?? {}).filter(differs), ...Object.keys(before ?? {}).filter(differs)])];
  return fields.map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }));
}
