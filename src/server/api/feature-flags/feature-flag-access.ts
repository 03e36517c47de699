import { eq, sql } from 'drizzle-orm';
import { activeFeatureFlagNames, hasFeatureFlag, type FeatureFlagName } from '../../../lib/feature-flags/feature-flags';
import { preparedQuery } from '../../db/prepared-query';
import { featureFlag, userFeatureFlag } from '../../db/schema';
import type { Writer } from '../../db/client';
import type { SignedInContext } from '../context';
import { ApiError } from '../errors';

const flagRowsOf = preparedQuery((db: Writer) =>
  db
    .select({ name: featureFlag.name, deletedAt: featureFlag.deletedAt })
    .from(userFeatureFlag)
    .innerJoin(featureFlag, eq(featureFlag.id, userFeatureFlag.featureFlagId))
    .where(eq(userFeatureFlag.userId, sql.placeholder('userId')))
    .orderBy(featureFlag.name)
    .prepare(''),
);

/** A user's flags, deleted ones included (findMe tells them apart by deletedAt), by name; read on every signed-in page (findMe). */
export function userFeatureFlagRows(db: Writer, userId: string) {
  return flagRowsOf(db).execute({ userId });
}

/**
 * The API side of a flagged part of the product: the caller (the impersonated user while
 * impersonating, as the page shows it to them) holds the flag and it is not deleted, read
 * from the database on every call, so taking a flag back takes effect at once. FORBIDDEN
 * with reason featureFlagOff otherwise.
 */
export async function requireFeatureFlag(context: SignedInContext, name: FeatureFlagName): Promise<void> {
  const featureFlags = activeFeatureFlagNames(await userFeatureFlagRows(context.db, context.viewer.userId));
  if (!hasFeatureFlag({ featureFlags }, name)) {
    throw new ApiError('FORBIDDEN', 'This feature is not turned on for you', { reason: 'featureFlagOff', hint: `needs the feature flag ${name}`, httpStatus: 403 });
  }
}
