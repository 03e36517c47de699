/**
 * The ids and ARIA attributes of one form field, written in one place for every field
 * component: the hint and the error are read out with the field (`aria-describedby`), and
 * an error marks it invalid.
 */
export interface FieldAria {
  hintId: string;
  errorId: string;
  'aria-describedby': string | undefined;
  'aria-invalid': 'true' | undefined;
}

export function fieldAria(id: string, options: { hint?: string | null; error?: string | null; describedBy?: readonly string[] }): FieldAria {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [options.hint ? hintId : null, options.error ? errorId : null, ...(options.describedBy ?? [])].filter(Boolean).join(' ');
  return { hintId, errorId, 'aria-describedby': describedBy || undefined, 'aria-invalid': options.error ? 'true' : undefined };
}

/** A field id from its form name (`experience[0].company` → `field-experience-0-company`). */
export function fieldIdOf(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`;
}

/** The id of one choice in a group of boxes or radios (`field-work_mode` + `REMOTE` → `field-work_mode-REMOTE`). */
export function choiceIdOf(groupId: string, value: string): string {
  return `${groupId}-${value.replace(/[^A-Za-z0-9_]+/g, '-')}`;
}

/**
 * The box classes of text-like fields, red-bordered when invalid; a read-only field (a
 * value shown to copy, not to change) is greyed so it does not look like one to fill in.
 */
export function fieldBoxClass(error: string | null | undefined, options: { readOnly?: boolean } = {}): string {
  if (options.readOnly) return 'w-full rounded border border-gray-300 bg-gray-100 px-1 py-0.5 text-gray-700';
  return `w-full rounded border bg-white px-1 py-0.5 ${error ? 'border-status-rejected' : 'border-gray-500'}`;
}
