import type { ReplyAddress } from '../mail/reply-address';
import type { AppDatabase } from '../db/client';
import type { JobAdIndex } from '../job-ad-search/job-ad-index';
import type { JobSearch } from '../job-ad-search/job-search';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FileStorage } from '../storage/file-storage';
import type { DomainCheck } from '../sign-on/domain-check';
import type { SecretBox } from '../crypto/secret-box';
import type { UserSessions } from './auth/user-sessions';
import type { PendingMail } from './pending-mail';
import type { AccessTokenVerifier } from './auth/access-token';
import { resolveCompanyScope, type CompanyScope } from './auth/company-scope';
import { resolveViewer, type RoleNames, type UserRow, type Viewer } from './auth/viewer';
import { ApiError, unauthenticated } from './errors';

export type Domain = 'company' | 'talent';

export interface ApiContext {
  db: AppDatabase;
  /** Null for a call without a token: only public operations answer it. */
  viewer: Viewer | null;
  /**
   * The viewer's user row as read when this call's context was built (the status check
   * needs it): findMe answers from it instead of reading the same row again. Queries do
   * not write the user row, so within one call it is what a second read would give.
   */
  viewerRow: UserRow | null;
  /** The selected company (tp-company), checked; null when none was sent. */
  company: CompanyScope | null;
  /** tp-domain: which side of the product made the call. */
  domain: Domain;
  /** Job ad search (PostgreSQL or Typesense). */
  jobSearch: JobSearch;
  /** Call after a job ad write commits: keeps a search copy in step. */
  jobAdIndex: JobAdIndex;
  /** Uploaded files; null where the API runs without uploads (then they fail loudly). */
  storage: FileStorage | null;
  /** Uploads each user may send in a window (pictures are costly to re-encode). */
  uploadAllowance: RateLimiterAbstract;
  /** Messages each user may send in a window: a conversation, not a mailing. */
  messageAllowance: RateLimiterAbstract;
  /** Ends a user's sessions after an admin blocks or deletes them. */
  userSessions: UserSessions;
  /** Forgets the mail still held for an erased account's address (queued retries, outbox copies). */
  pendingMail: PendingMail;
  /** The configured admin role: its admin row is the super admin's (lib/permissions/admin-permissions.ts). */
  superAdminRole: string;
  /** Seals the secrets the product keeps for companies (identity provider client secrets); null where the API runs without a key (their writes then fail loudly). */
  secretBox: SecretBox | null;
  /** Looks up a claimed e-mail domain's proof (DNS TXT). */
  domainCheck: DomainCheck;
  /** Makes the reply addresses of message mails; null where replies by mail are not taken. */
  replyAddress: ReplyAddress | null;
  /** Times the going out of messages held back for undo (messages/held-messages.ts); null where nothing times them (the sweep, or a test, delivers them). */
  heldMessages: { dueAt(at: Date): void } | null;
  /** Times the going out of applications' moves held back before their talent sees them (job-applications/held-talent-statuses.ts); null as above. */
  heldTalentStatuses: { dueAt(at: Date): void } | null;
  /** Prepares an asked-for personal data archive in the background (account/personal-data-export-work.ts); null where nothing does (a test prepares it). */
  personalDataExports: { queue(exportId: string): void } | null;
}

/**
 * The context of a field that needs a signed-in caller (`t.withAuth({ signedIn: true })`,
 * also admin and impersonator fields): scope auth refuses the call before the resolver
 * runs, so the viewer is there.
 */
export type SignedInContext = ApiContext & { viewer: Viewer };

export interface ContextDependencies {
  db: AppDatabase;
  verifyAccessToken: AccessTokenVerifier;
  roles: RoleNames;
  jobSearch: JobSearch;
  jobAdIndex: JobAdIndex;
  storage: FileStorage | null;
  uploadAllowance: RateLimiterAbstract;
  messageAllowance: RateLimiterAbstract;
  userSessions: UserSessions;
  pendingMail: PendingMail;
  secretBox: SecretBox | null;
  domainCheck: DomainCheck;
  replyAddress: ReplyAddress | null;
  heldMessages: { dueAt(at: Date): void } | null;
  heldTalentStatuses: { dueAt(at: Date): void } | null;
  personalDataExports: { queue(exportId: string): void } | null;
}

function readDomain(value: string | null): Domain {
  if (value === null || value === '') return 'talent';
  if (value === 'company' || value === 'talent') return value;
  throw new ApiError('BAD_USER_INPUT', 'tp-domain must be "company" or "talent"', { hint: 'send company on /company pages, else talent' });
}

function readBearer(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw unauthenticated('The authorization header must be "Bearer <access token>"');
  return match[1]!;
}

/**
 * Builds the context from nothing but the request: a verified bearer token and the
 * three product headers. The API knows no cookies or sessions, so it can run as its
 * own service behind any client.
 */
export function createContextFactory(deps: ContextDependencies) {
  return async function buildContext({ request }: { request: Request }): Promise<ApiContext> {
    const domain = readDomain(request.headers.get('tp-domain'));
    const token = readBearer(request.headers.get('authorization'));
    const impersonateAs = request.headers.get('x-impersonate-as')?.trim() || null;
    const companyId = request.headers.get('tp-company')?.trim() || null;

    if (!token) {
      if (impersonateAs || companyId) throw unauthenticated('Impersonation and company selection need a signed-in user');
      return { db: deps.db, viewer: null, viewerRow: null, company: null, domain, jobSearch: deps.jobSearch, jobAdIndex: deps.jobAdIndex, storage: deps.storage, uploadAllowance: deps.uploadAllowance, messageAllowance: deps.messageAllowance, userSessions: deps.userSessions, pendingMail: deps.pendingMail, superAdminRole: deps.roles.adminRole, secretBox: deps.secretBox, domainCheck: deps.domainCheck, replyAddress: deps.replyAddress, heldMessages: deps.heldMessages, heldTalentStatuses: deps.heldTalentStatuses, personalDataExports: deps.personalDataExports };
    }
    let verified;
    try {
      verified = await deps.verifyAccessToken(token);
    } catch (error) {
      throw unauthenticated(error instanceof Error ? error.message : 'The access token is not valid');
    }
    const { viewer, row } = await resolveViewer(deps.db, verified, deps.roles, impersonateAs);
    const company = companyId ? await resolveCompanyScope(deps.db, viewer.userId, companyId) : null;
    return { db: deps.db, viewer, viewerRow: row, company, domain, jobSearch: deps.jobSearch, jobAdIndex: deps.jobAdIndex, storage: deps.storage, uploadAllowance: deps.uploadAllowance, messageAllowance: deps.messageAllowance, userSessions: deps.userSessions, pendingMail: deps.pendingMail, superAdminRole: deps.roles.adminRole, secretBox: deps.secretBox, domainCheck: deps.domainCheck, replyAddress: deps.replyAddress, heldMessages: deps.heldMessages, heldTalentStatuses: deps.heldTalentStatuses, personalDataExports: deps.personalDataExports };
  };
}
