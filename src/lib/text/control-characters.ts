/**
 * Control characters in user text. PostgreSQL refuses NUL in text values outright, and
 * none of C0 (but tab, line feed and carriage return, which textareas send) nor DEL has a
 * place in a name, a message or a search: inputs are checked for them at the boundary.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_CHARACTERS_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g');

/** Whether the text holds a control character that has no place in user text. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * Whether text breaks the control-character rule above, as a field reads it: multi-line
 * text keeps tabs and line breaks, one-line text (names) has none, nor C1 controls.
 */
export function hasForbiddenControls(value: string, multiline = false): boolean {
  return hasControlCharacters(value) || (!multiline && /[\t\n\r\u0080-\u009f]/.test(value));
}

/** The text without those characters: for search boxes, where an error helps nobody. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS_GLOBAL, '');
}
