import { AsyncLocalStorage } from 'node:async_hooks';
import { preferredLanguage } from '../../lib/i18n/language-path';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';

// The language the API words its messages in (refusals, field errors): the caller's
// Accept-Language, which the BFF sets to the language of the page the call is made for
// (bff/upstream-headers.ts), and any other client to what its user reads; English without
// one. Held for the whole operation, so that errors.ts words a refusal in it wherever in a
// resolver it is thrown. Clients branch on codes; the message is for people.

const store = new AsyncLocalStorage<Language>();

/** Runs one API request in the language its Accept-Language asks for. */
export function inRequestLanguage<T>(acceptLanguage: string | null | undefined, run: () => T): T {
  return store.run(preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE, run);
}

/** The language of the request being answered; English outside one (a job, a test calling a resolver's rules). */
export function requestLanguage(): Language {
  return store.getStore() ?? DEFAULT_LANGUAGE;
}
