import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { admin, impersonation, user } from '../../db/schema';
import { maySignIn } from '../../../lib/admin/user-status';
import { adminPermissionsOf, type AdminPermission } from '../../../lib/permissions/admin-permissions';
import { lastVisitIsDue } from '../../../lib/account/last-visit';
import { oldestOpenImpersonationStart } from '../../../lib/impersonation/impersonation-rules';
import { ApiError, forbidden } from '../errors';
import type { VerifiedAccessToken } from './access-token';

export interface RoleNames {
  adminRole: string;
  impersonateRole: string;
}

/** Who a request acts as. When impersonating, the user is the target and `actor` the caller. */
export interface Viewer {
  userId: string;
  externalId: string;
  email: string;
  /** From the caller's token roles; false while impersonating someone. */
  isAdmin: boolean;
  /**
   * What this admin may do (their admin row, lib/permissions/admin-permissions.ts); empty
   * unless `isAdmin`. Every admin operation checks one through the `adminPermission` scope.
   */
  adminPermissions: readonly AdminPermission[];
  isImpersonate: boolean;
  /**
   * The impersonator, while one acts as the user: `impersonationId` is the open
   * impersonation (with its stated reason) every write made meanwhile is filed under.
   */
  actor: { userId: string; externalId: string; impersonationId: string } | null;
  /**
   * When the caller last typed their credentials (ms): the access token's auth_time, which the
   * built-in provider always sends; null when the token does not say, or for the product's own
   * senders (mail replies, digests). Only a recent one may delete the account (the account deletion rule).
   */
  authenticatedAt: number | null;
}

export type UserRow = typeof user.$inferSelect;

/**
 * The first call of a new subject provisions its user row (externalId = subject). An
 * admin role in the token is mirrored to the row, so that impersonation can refuse to
 * act as an admin without seeing that admin's token. An admin seen for the first time is
 * linked to the super admin row (every admin permission, as before admin permissions
 * existed: the identity provider's operator made them an admin); a super admin narrows
 * that on /admin/talents?view=admins, and the link stays while the role does. Company invitations to the address
 * wait for the user to accept them (companies/member-invitations.ts): nobody joins without acting.
 */
const userBySubject = preparedQuery((db: AppDatabase) => db.select().from(user).where(eq(user.externalId, sql.placeholder('subject'))).limit(1).prepare(''));

export async function provisionUser(db: AppDatabase, token: VerifiedAccessToken, roles: RoleNames): Promise<UserRow> {
  const email = token.email ?? `${token.subject}@users.invalid`;
  // Only a provider that vouches for the address (email_verified) makes it one a company
  // may find the user by, or an invitation to it the user's to accept.
  const emailVerified = token.claims.email_verified === true;
  const now = new Date();
  let [row] = await userBySubject(db).execute({ subject: token.subject });
  if (!row) {
    // A new user's first call is their first visit: written with the row, not after it.
    await db.insert(user).values({ externalId: token.subject, email, emailVerified, displayName: token.name, lastVisit: now }).onConflictDoNothing();
    [row] = await userBySubject(db).execute({ subject: token.subject });
  } else if (row.emailVerified !== emailVerified) {
    [row] = await db.update(user).set({ emailVerified }).where(eq(user.id, row.id)).returning();
  }
  if (!row) throw new Error(`could not provision the user of subject ${token.subject}`);
  if (lastVisitIsDue(row.lastVisit, now)) {
    // The row's own value in the condition: of two instances seeing the same stale visit, one writes.
    const recorded = row.lastVisit;
    await db
      .update(user)
      .set({ lastVisit: now })
      .where(and(eq(user.id, row.id), recorded ? eq(user.lastVisit, recorded) : isNull(user.lastVisit)));
    row = { ...row, lastVisit: now };
  }

  const isAdmin = token.roles.includes(roles.adminRole);
  if (isAdmin && !row.adminRoleId) {
    const adminRoleId = await ensureAdminRole(db, roles.adminRole);
    [row] = await db.update(user).set({ adminRoleId }).where(eq(user.id, row.id)).returning();
  } else if (!isAdmin && row.adminRoleId) {
    [row] = await db.update(user).set({ adminRoleId: null }).where(eq(user.id, row.id)).returning();
  }
  return row!;
}

async function ensureAdminRole(db: AppDatabase, role: string): Promise<string> {
  const [existing] = await db.select({ id: admin.id }).from(admin).where(eq(admin.role, role)).limit(1);
  if (existing) return existing.id;
  const [created] = await db.insert(admin).values({ role, permissions: {} }).returning({ id: admin.id });
  return created!.id;
}

const adminRoleById = preparedQuery((db: AppDatabase) =>
  db.select({ role: admin.role, permissions: admin.permissions }).from(admin).where(eq(admin.id, sql.placeholder('id'))).limit(1).prepare(''),
);

/** An admin's permissions, read from their admin row on each call: a change holds at the next call. */
async function adminPermissionsOfUser(db: AppDatabase, adminRoleId: string | null, superAdminRole: string): Promise<AdminPermission[]> {
  if (!adminRoleId) return [];
  const [row] = await adminRoleById(db).execute({ id: adminRoleId });
  return adminPermissionsOf(row, superAdminRole);
}

/** The token's auth_time in ms, when it carries one. */
function authenticatedAtOf(token: VerifiedAccessToken): number | null {
  return typeof token.claims.auth_time === 'number' ? token.claims.auth_time * 1000 : null;
}

/** FORBIDDEN with the machine reason `accountInactive`: the caller's account is blocked or deleted. */
export const ACCOUNT_INACTIVE_REASON = 'accountInactive';
const accountInactive = () =>
  new ApiError('FORBIDDEN', 'This account is not active', { reason: ACCOUNT_INACTIVE_REASON, hint: 'the platform blocked or deleted this account; sign in is refused', httpStatus: 403 });

/** The viewer of a call and their user row (the target's while impersonating), read once per call. */
export interface ResolvedViewer {
  viewer: Viewer;
  row: UserRow;
}

/**
 * The `x-impersonate-as` header: honoured only for a caller holding the impersonation
 * role; the target must exist, be active and not be an admin, and the caller must have
 * started acting as them with a reason (startImpersonation, accountable impersonation) less than
 * IMPERSONATION_MAX_HOURS ago and not stopped since.
 */
export async function resolveViewer(
  db: AppDatabase,
  token: VerifiedAccessToken,
  roles: RoleNames,
  impersonateAs: string | null,
): Promise<ResolvedViewer> {
  const caller = await provisionUser(db, token, roles);
  const isImpersonate = token.roles.includes(roles.impersonateRole);
  // Blocked or deleted by an admin: every call is refused, whatever token is still around;
  // the reason tells the BFF to end the session rather than show an error page.
  if (!maySignIn(caller.status)) throw accountInactive();
  if (!impersonateAs) {
    const isAdmin = token.roles.includes(roles.adminRole);
    return {
      viewer: {
        userId: caller.id,
        externalId: caller.externalId,
        email: caller.email,
        isAdmin,
        adminPermissions: isAdmin ? await adminPermissionsOfUser(db, caller.adminRoleId, roles.adminRole) : [],
        isImpersonate,
        actor: null,
        authenticatedAt: authenticatedAtOf(token),
      },
      row: caller,
    };
  }
  if (!isImpersonate) throw forbidden('Impersonation needs the impersonation role');
  const [found] = await db
    .select({ target: user, impersonationId: impersonation.id })
    .from(user)
    .leftJoin(
      impersonation,
      and(
        eq(impersonation.targetUserId, user.id),
        eq(impersonation.actorUserId, caller.id),
        isNull(impersonation.endedAt),
        gt(impersonation.startedAt, oldestOpenImpersonationStart(new Date())),
      ),
    )
    .where(and(eq(user.externalId, impersonateAs), isNull(user.adminRoleId), eq(user.status, 'active')))
    .orderBy(desc(impersonation.startedAt))
    .limit(1);
  // The reason lets the BFF stop acting as someone who was blocked meanwhile,
  // or whose impersonation was stopped elsewhere or ran out of time.
  if (!found) throw new ApiError('FORBIDDEN', 'This user cannot be impersonated', { reason: 'impersonationRefused', hint: 'the user is unknown, an admin, or not active', httpStatus: 403 });
  if (!found.impersonationId) {
    throw new ApiError('FORBIDDEN', 'Start acting as this user with a reason first', {
      reason: 'impersonationRefused',
      hint: 'call startImpersonation(externalId, reason); an impersonation ends when stopped or after its time limit',
      httpStatus: 403,
    });
  }
  const target = found.target;
  return {
    viewer: {
      userId: target.id,
      externalId: target.externalId,
      email: target.email,
      isAdmin: false,
      adminPermissions: [],
      isImpersonate,
      actor: { userId: caller.id, externalId: caller.externalId, impersonationId: found.impersonationId },
      authenticatedAt: authenticatedAtOf(token),
    },
    row: target,
  };
}
