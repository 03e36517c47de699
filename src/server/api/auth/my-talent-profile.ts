import { and, eq, isNull } from 'drizzle-orm';
import { talentProfile } from '../../db/schema';
import type { AppDatabase } from '../../db/client';
import type { ApiContext } from '../context';
import { gone } from '../errors';
import { PROFILE_ERRORS } from '../../../lib/talent/talent-profile-input';

/** The user's own talent profile: the one not deleted (a user has at most one). */
const ownedBy = (userId: string) => and(eq(talentProfile.userId, userId), isNull(talentProfile.deletedAt));

/**
 * Reads of the id under way, per call: the root fields of a query run side by side and
 * each asks for the id first (the talent dashboard's four widgets at once), so they share
 * one read. Only a read in flight is shared, never a finished one: whatever a mutation
 * writes (a profile created or deleted) comes before the next field, which reads again.
 */
const readsInFlight = new WeakMap<ApiContext, Promise<string | null>>();

/**
 * The signed-in user's own talent profile id, or null before they created one. Every
 * talent-side operation scopes its rows by this id, never by an id the client sends, so
 * a changed id in a request can only ever reach the caller's own rows.
 */
export function findMyTalentProfileId(context: ApiContext): Promise<string | null> {
  const { db, viewer } = context;
  if (!viewer) return Promise.resolve(null);
  let read = readsInFlight.get(context);
  if (!read) {
    read = db
      .select({ id: talentProfile.id })
      .from(talentProfile)
      .where(ownedBy(viewer.userId))
      .limit(1)
      .then(([profile]) => profile?.id ?? null)
      .finally(() => readsInFlight.delete(context));
    readsInFlight.set(context, read);
  }
  return read;
}

/**
 * The user's own talent profile row, locked until the transaction ends so that two changes
 * to it cannot interleave; undefined before they created one (each caller words that).
 */
export async function lockMyTalentProfile(tx: AppDatabase, userId: string) {
  const [profile] = await tx.select().from(talentProfile).where(ownedBy(userId)).limit(1).for('update');
  return profile;
}

/** As findMyTalentProfileId, for operations that make no sense without a profile. */
export async function requireMyTalentProfileId(context: ApiContext): Promise<string> {
  const id = await findMyTalentProfileId(context);
  if (!id) throw gone('noProfile', PROFILE_ERRORS);
  return id;
}
