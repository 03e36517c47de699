import type { HeldSender } from '../../db/schema';
import type { Viewer } from './viewer';

// A write held before the other side sees it (a message to several applications, a move
// of an application) is recorded, once it goes out, as the person who made it: who that
// was is kept with the held row meanwhile.

export const heldSenderOf = (viewer: Viewer): HeldSender => ({ userId: viewer.userId, externalId: viewer.externalId, email: viewer.email, actor: viewer.actor });

/** The viewer a held write's event is recorded as: its author, and the impersonator when one acted. */
export const viewerOfHeld = (held: HeldSender): Viewer => ({
  userId: held.userId,
  externalId: held.externalId,
  email: held.email,
  isAdmin: false,
  adminPermissions: [],
  isImpersonate: held.actor !== null,
  actor: held.actor,
  authenticatedAt: null,
});
