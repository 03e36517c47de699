/**
 * The mail the product still holds for an address: waiting in the queue for a retry of the
 * mail server, or copied into the outbox folder (the embedded default, which sends nothing).
 * When the address's account is erased, both are forgotten (docs/personal-data.md). The
 * process that holds the queue and the mailer wires this port (services.ts); an API running
 * on its own gets the default, which holds no mail and forgets none.
 */
export interface PendingMail {
  /** Forgets every mail held for `address`, whatever its case; answers how many went. */
  forget(address: string): Promise<number>;
}

export const NO_PENDING_MAIL: PendingMail = { forget: async () => 0 };
