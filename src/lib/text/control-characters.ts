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

/** The text without those characters: for search boxes, where an error helps nobody. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS_GLOBAL, '');
}
