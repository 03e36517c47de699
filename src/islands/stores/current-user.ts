import { persistentAtom } from '@nanostores/persistent';
import { restoredState, type CurrentUserState } from '../../lib/account/current-user-state';
import { SELECTED_COMPANY_STORAGE_KEY } from '../../lib/companies/select-company';

const decode = (text: string): CurrentUserState | undefined => {
  try {
    return (JSON.parse(text) as CurrentUserState | null) ?? undefined;
  } catch {
    return undefined;
  }
};

/** Local storage key of the current-user state (selectedCompanyId lives beside it). */
export const USER_KEY = 'user';

/**
 * The current user for islands, mirrored to local storage under `user`. A page
 * starts from the stored copy flagged loading; the shell then applies what the server
 * rendered, so islands never wait on a request to know who is signed in.
 */
// Undefined, not null, for "nobody": the persistent store then removes the key.
export const currentUser = persistentAtom<CurrentUserState | undefined>(USER_KEY, undefined, { encode: JSON.stringify, decode });
currentUser.set(restoredState(currentUser.get() ?? null) ?? undefined);

export const selectedCompanyId = persistentAtom<string | null>(SELECTED_COMPANY_STORAGE_KEY, null, {
  encode: (value) => value ?? '',
  decode: (text) => text || null,
});

/** Applies the server's state (null for a guest: the stored copy is dropped). */
export function applyServerUser(state: CurrentUserState | null) {
  currentUser.set(state ?? undefined);
  if (state) selectedCompanyId.set(state.selectedCompanyId);
}
