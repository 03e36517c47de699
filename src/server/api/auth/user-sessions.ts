/**
 * The API's way to end every session of a user it has just blocked or deleted.
 * The sessions live in the backend-for-frontend's store; the process that holds both
 * wires this port to it (services.ts). An API running on its own gets the default, which
 * ends nothing: the blocked user's next call is refused anyway (resolveViewer), and the
 * BFF ends a session whose user is refused (bff.currentUser).
 */
export interface UserSessions {
  /** Ends the sessions of the user with this external id (token subject); answers how many were open. */
  endAll(externalId: string): Promise<number>;
}

export const NO_SESSION_STORE: UserSessions = { endAll: async () => 0 };
