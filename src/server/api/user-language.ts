import { sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../lib/i18n/namespaces';
import { user } from '../db/schema';

// The language a user reads the product in (docs/french.md): kept in the user's preferences
// (`preferences.language`), chosen at sign-up by the page it started from, on /edit-account
// or with the language switcher while signed in. Mails, pushes and calendar invitations to
// the user are written in it.

/** The stored language of a user row, as SQL (null when none is stored). */
export const userLanguageColumn = sql<string | null>`${user.preferences}->>'language'`;

/** A stored language, or the default for an account that never chose one (or holds one no longer offered). */
export function userLanguageOf(stored: unknown): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
