import { EncryptJWT, jwtDecrypt } from 'jose';
import { languageOf } from '../../lib/i18n/language-path';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';

/** What the callback needs to finish a login started in the same browser. */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  signUp: boolean;
  /** The language of the page the login started on: it ends on a page in that language too. */
  language: Language;
}

/** The transaction lives one day at most (the login client's transaction storage: 1 day). */
export const LOGIN_TRANSACTION_TTL_SECONDS = 24 * 60 * 60;

/**
 * The login transaction travels in its own encrypted, HttpOnly cookie, apart from the
 * session: a callback replayed in another browser finds no transaction, and the cookie
 * is cleared on every outcome, success or error.
 */
export function createLoginTransactionCodec(key: Uint8Array) {
  return {
    async seal(transaction: LoginTransaction): Promise<string> {
      return new EncryptJWT({ ...transaction })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${LOGIN_TRANSACTION_TTL_SECONDS}s`)
        .encrypt(key);
    },
    async open(sealed: string | undefined): Promise<LoginTransaction | null> {
      if (!sealed) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
        const { state, nonce, codeVerifier, returnTo, signUp, language } = payload as Partial<LoginTransaction>;
        if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof returnTo !== 'string') return null;
        // A transaction sealed before languages were kept in it ends in the default one.
        return { state, nonce, codeVerifier, returnTo, signUp: signUp === true, language: languageOf(language) ?? DEFAULT_LANGUAGE };
      } catch {
        return null;
      }
    },
  };
}
