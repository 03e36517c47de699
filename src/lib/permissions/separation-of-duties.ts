// Separation of duties (docs/security.md): money that concerns a person (a billing of
// theirs, an invoice of their work, an entry on their roster balance) is never approved,
// rejected, invoiced, marked paid, credited or booked by that same person, whatever their
// role in the company. The person is the talent profile's account; the one acting is the
// signed-in user and, while one acts as them, the impersonator too.

/** The reason a company-side act on one's own money is refused (FORBIDDEN, worded in companies.errors). */
export const SEPARATION_OF_DUTIES = 'separationOfDuties';

/** Who acts: the user the request acts as and, while impersonating, the impersonator. */
export interface Acting {
  userId: string;
  impersonatorUserId: string | null;
}

/** Whether the act concerns one of those acting: `concernedUserId` is the talent's account (null: a profile without one). */
export function concernsActing(acting: Acting, concernedUserId: string | null): boolean {
  return concernedUserId !== null && (concernedUserId === acting.userId || concernedUserId === acting.impersonatorUserId);
}

/** Whether those acting may approve, invoice or book money concerning `concernedUserId`. */
export function mayActOnMoneyOf(acting: Acting, concernedUserId: string | null): boolean {
  return !concernsActing(acting, concernedUserId);
}
