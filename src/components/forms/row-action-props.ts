// What both row actions take (PostButton, and ConfirmPostButton, which asks first): the
// anti-forgery token, the hidden fields that say what to do, and the control's words.
// Written once so that the two stay interchangeable on a list row.
export interface RowActionProps {
  csrf: string;
  /** The post's fields: intent, id... */
  fields: Record<string, string>;
  /** What the control says ("Remove"). */
  label: string;
  /** The accessible name when the visible label alone would be ambiguous in a list ("Remove Ana"). */
  ariaLabel?: string;
}
