import { and, eq, isNull } from 'drizzle-orm';
import { talentProfile } from '../../db/schema';
import type { ApiContext } from '../context';
import { gone } from '../errors';
import { PROFILE_ERRORS } from '../../../lib/talent/talent-profile-input';

/**
 * The signed-in user's own talent profile id, or null before they created one. Every
 * talent-side operation scopes its rows by this id, never by an id the client sends, so
 * a changed id in a request can only ever reach the caller's own rows.
 */
export async function findMyTalentProfileId({ db, viewer }: ApiContext): Promise<string | null> {
  if (!viewer) return null;
  const [profile] = await db
    .select({ id: talentProfile.id })
    .from(talentProfile)
    .where(and(eq(talentProfile.userId, viewer.userId), isNull(talentProfile.deletedAt)))
    .limit(1);
  return profile?.id ?? null;
}

/** As findMyTalentProfileId, for operations that make no sense without a profile. */
export async function requireMyTalentProfileId(context: ApiContext): Promise<string> {
  const id = await findMyTalentProfileId(context);
  if (!id) throw gone('noProfile', PROFILE_ERRORS);
  return id;
}
