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

/** The box classes of text-like fields, red-bordered when invalid. */
export function fieldBoxClass(error: string | null | undefined): string {
  return `w-full rounded border bg-white px-1 py-0.5 ${error ? 'border-status-rejected' : 'border-gray-500'}`;
}
