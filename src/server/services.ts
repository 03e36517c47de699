import path from 'node:path';
import { sendInterviewReminders } from './api/interviews/interview-reminders';
import type { AppConfig } from './config';
import type { ReadinessCheck } from './http/health';
import type { LegalDocuments } from './legal/legal-documents';
import { createLegalDocuments } from './legal/legal-documents';
import { openDatabase, type Database } from './db/client';
import { measure } from './metrics/metrics';
import { observeStatements } from './metrics/statement-observer';
import { migrate, SEED_LOCK_KEY, withDatabaseLock } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/demo-seed';
import { createApi, type Api } from './api/yoga';
import { createJobAdIndex } from './job-ad-search/job-ad-index';
import { createJobSearch } from './job-ad-search/create-job-search';
import { readTypesenseConfig } from './job-ad-search/typesense-config';
import { pingTypesense } from './job-ad-search/typesense-http';
import { createApiCaller } from './bff/api-caller';
import { createRateLimiter } from './bff/rate-limit';
import { createBff, type Bff } from './bff/bff';
import { invoicePdfOf } from './bff/page/invoice-download';
import { getTranslator } from '../lib/i18n/i18n';
import type { Language } from '../lib/i18n/namespaces';
import type { InvoiceDocument } from '../lib/invoices/invoice-document';
import { createFileSessionStore } from './bff/file-session-store';
import { createOidcClient } from './bff/oidc-client';
import { createRedisSessionStore } from './bff/redis-session-store';
import { loadSecrets } from './bff/secrets';
import type { SessionStore } from './bff/session-record';
import { createSessionManager } from './bff/sessions';
import { createIdentityProvider, type IdentityProvider } from './idp/identity-provider';
import { listenToChannel } from './db/channel-listener';
import { LIVE_CHANNEL, readLiveNotice } from './db/live-notices';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { createReplyAddress } from './mail/reply-address';
import { startInboundMail } from './mail/inbound-mail';
import { createMailReplies } from './api/messages/mail-replies';
import { createEventMail } from './api/notifications/event-mail';
import { createEventPush, deliverPush, type PushJob } from './api/notifications/event-push';
import { createPushSender } from './push/push-sender';
import { loadOrCreateVapidKeys, vapidSubject } from './push/vapid-keys';
import { sendJobAlertDigests, unsubscribeJobAlert } from './api/job-alerts/job-alert-digests';
import { JOB_ALERT_FREQUENCIES } from '../lib/job-alerts/job-alert-input';
import { hostCookieName } from '../lib/http/secure-cookies';
import { startWorkQueue } from './queue/work-queue';
import { preparePersonalDataExport, sweepExpiredPersonalDataExports } from './api/account/personal-data-export-work';
import { createHeldMessages } from './api/messages/held-messages';
import { createHeldTalentStatuses } from './api/job-applications/held-talent-statuses';
import { closeExpiredJobAds } from './job-ad-search/close-expired-job-ads';
import { forgetKeptMail, openMailer } from './mail/open-mailer';
import { createDiskFileStorage } from './storage/disk-file-storage';
import { createDomainCheck } from './sign-on/domain-check';
import { recheckProvenDomains } from './sign-on/domain-recheck';
import { applyRetention, describeRetentionRun } from './api/talent-pools/retention-work';
import { createSecretBox } from './crypto/secret-box';
import type { FileStorage } from './storage/file-storage';

/**
 * The single instances this process owns. Created once by main.ts and handed to Astro
 * as `locals.services`; pages import only the types.
 */
export interface AppServices {
  config: AppConfig;
  legal: LegalDocuments;
  bff: Bff;
  /** Uploaded pictures and documents (the local disk under UPLOADS_DIR). */
  storage: FileStorage;
  /** The push channel's public key, which browsers subscribe with; null when this process runs no API of its own. */
  webPush: { publicKey: string } | null;
  /** The open live connections (Server-Sent Events) and what they are told, fed by the database's notices. */
  live: LiveHub;
}

export interface OwnedServices {
  services: AppServices;
  /** The in-process GraphQL API; null when GRAPHQL_URL points at an external one. */
  api: Api | null;
  /** The built-in OpenID provider; null when AUTH_ISSUER names another one. */
  identityProvider: IdentityProvider | null;
  database: Database;
  /** A job alert mail's unsubscribe (one-click or the page's button): true when an alert was removed. */
  unsubscribeJobAlert: (token: string | null) => Promise<boolean>;
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
}

type Log = (message: string) => void;

/** Where the provider sends users back after sign-in and sign-out. */
export const CALLBACK_PATH = '/auth/callback';
/** Where the provider posts logout tokens (OIDC Back-Channel Logout); served before Astro. */
export const BACKCHANNEL_LOGOUT_PATH = '/auth/backchannel-logout';
export const SIGNED_OUT_PATH = '/auth/signed-out';

async function openSessionStore(config: AppConfig): Promise<SessionStore> {
  if (config.session.driver === 'redis') return createRedisSessionStore(config.session.redisUrl!);
  return createFileSessionStore(path.join(config.dataDir, 'sessions'));
}

/**
 * Demo data goes only into an empty embedded database, or where SEED_DEMO=true says so:
 * never by default into a PostgreSQL given by DATABASE_URL.
 */
export async function seedIfWanted(config: Pick<AppConfig, 'seedDemo'>, database: Database, log: Log): Promise<boolean> {
  const wanted = config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.embedded);
  if (!wanted) return false;
  // Instances started together with SEED_DEMO=true: the first seeds, the others then find
  // the database no longer empty (without the lock both saw it empty and seeded).
  return withDatabaseLock(database, SEED_LOCK_KEY, async () => {
    if (!(await isDatabaseEmpty(database.db))) return false;
    log('database: empty; adding the demo data (a few seconds)');
    const summary = await seedDemoData(database.db);
    log(`database: demo data ready in ${(summary.durationMs / 1000).toFixed(1)} s. Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) log(`  ${account.email.padEnd(22)} ${account.description}`);
    return true;
  });
}

export async function createServices(config: AppConfig, log: Log): Promise<OwnedServices> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch((error: unknown) => log(`close: ${String(error)}`));
  };
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embedded: config.embeddedDatabase, log, statements: observeStatements({ slowMs: config.slowStatementMs, log }) });
    if (database.kind === 'postgres') measure.databasePool(database.pool);
    closers.push(() => database.close());
    await migrate(database);
    log(`database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'} ready`);
    await seedIfWanted(config, database, log);

    const storage = await createDiskFileStorage(config.uploadsDir);
    log(`uploads: stored on the local disk in ${config.uploadsDir}`);

    const mailer = openMailer(config.mail, log);
    const secrets = await loadSecrets(process.env, config.dataDir);
    const site = { origin: config.publicOrigin, productName: config.site.productName };
    // The personal data archive's invoices, drawn as the pages draw them, in the person's language.
    const invoicePdf = (document: InvoiceDocument, language: Language) => invoicePdfOf(document, getTranslator(['common'], language), language);
    const jobSearch = createJobSearch({ db: database.db, env: process.env, log });
    const jobAdIndex = createJobAdIndex({ db: database.db, env: process.env, log });
    // The push channel (notifications/event-push.ts): one key pair in the database or the environment.
    const vapidKeys = await loadOrCreateVapidKeys(database.db, process.env);
    const pushSender = createPushSender({ vapid: { ...vapidKeys, subject: vapidSubject(process.env, config.publicOrigin, config.mail.from) } });
    const sendPush = async (job: PushJob) => {
      if ((await deliverPush(database.db, pushSender, job)) === 'gone') log(`push: subscription ${job.subscriptionId} is gone (404/410 or removed); not kept`);
    };

    // E-mail domain proofs (single sign-on) are looked up with the resolvers SSO_DNS_SERVERS names, else the system's.
    const domainCheck = createDomainCheck({ servers: config.ssoDnsServers });
    // Scheduled and deferred work in the database (src/server/queue).
    const queue = config.queue.enabled
      ? await startWorkQueue({
          database,
          log,
          schedules: { jobAlertCron: config.queue.jobAlertCron, expiredAdsCron: config.queue.expiredAdsCron, domainCheckCron: config.queue.domainCheckCron, interviewReminderCron: config.queue.interviewReminderCron, retentionCron: config.queue.retentionCron },
          handlers: {
            sendMail: (message) => mailer.send(message),
            sendPush,
            async sendJobAlertDigests(now) {
              const digests = { db: database.db, jobSearch, mailer, site, unsubscribeKey: secrets.unsubscribeKey, log };
              for (const frequency of JOB_ALERT_FREQUENCIES) await sendJobAlertDigests(digests, frequency, now);
            },
            async closeExpiredJobAds(now) {
              const closed = await closeExpiredJobAds({ db: database.db, jobAdIndex, now });
              log(`job ads: ${closed.titles} expired titles recounted, ${closed.ads} expired ads followed into the search index`);
            },
            async sendInterviewReminders(now, enqueueMail) {
              const sent = await sendInterviewReminders({ db: database.db, site, enqueueMail, now });
              if (sent) log(`interviews: ${sent} reminders sent`);
            },
            async preparePersonalDataExport(exportId, enqueueMail) {
              await preparePersonalDataExport({ db: database.db, storage, site, sendMail: enqueueMail, log, invoicePdf }, exportId);
            },
            async sweepExpiredPersonalDataExports(now) {
              const swept = await sweepExpiredPersonalDataExports({ db: database.db, storage }, now);
              if (swept) log(`personal data: ${swept} expired archives deleted`);
            },
            async applyRetention(now, enqueueMail) {
              const run = await applyRetention({ db: database.db, storage, site, sendMail: enqueueMail }, now);
              log(describeRetentionRun(run));
            },
            async recheckCompanyDomains(now) {
              const rechecked = await recheckProvenDomains({ db: database.db, domainCheck, now });
              log(`sign-on: ${rechecked.checked} proven e-mail domains looked up again, ${rechecked.lost} no longer proven`);
            },
          },
        })
      : null;
    if (!queue) log('queue: QUEUE_ENABLED=false, this instance runs no scheduled work');
    // Stopped after the event mails (closers run in reverse), so their last retries can still be queued.
    if (queue) closers.push(() => queue.stop());

    // The events' mails: after each API operation, in the background (notifications/event-mail.ts).
    const eventMail = createEventMail({ db: database.db, mailer, site, log, ...(queue ? { retryLater: (message) => queue.retryMail(message) } : {}) });
    closers.push(() => eventMail.close());
    // Pushes go through the queue (retried, any instance sends); without one they are sent at once, once.
    const eventPush = createEventPush({
      db: database.db,
      site,
      log,
      dispatch: queue
        ? (job) => queue.queuePush(job)
        : (job) => sendPush(job).catch((error: unknown) => log(`push: to subscription ${job.subscriptionId} failed: ${String(error)}`)),
    });
    closers.push(() => eventPush.close());

    const redirectUri = `${config.publicOrigin}${CALLBACK_PATH}`;
    const postLogoutRedirectUri = `${config.publicOrigin}${SIGNED_OUT_PATH}`;

    // Counted in Redis when sessions are (several instances then count together).
    const sharedCounters = config.session.driver === 'redis' ? config.session.redisUrl : null;
    const rateLimiter = await createRateLimiter({ points: config.session.rateLimitPerMinute, redisUrl: sharedCounters, log });
    closers.push(() => rateLimiter.close());
    const signUpLimiter = config.auth.builtIn
      ? await createRateLimiter({ points: config.auth.signUpsPerHour, windowSeconds: 3600, keyPrefix: 'tp:sign-up:', redisUrl: sharedCounters, log })
      : null;
    if (signUpLimiter) closers.push(() => signUpLimiter.close());

    const identityProvider = config.auth.builtIn
      ? await createIdentityProvider({
          db: database.db,
          issuer: config.auth.issuer,
          clients: [
            {
              clientId: config.auth.clientId,
              clientSecret: secrets.clientSecret,
              redirectUris: [redirectUri],
              postLogoutRedirectUris: [postLogoutRedirectUri],
              backchannelLogoutUri: `${config.publicOrigin}${BACKCHANNEL_LOGOUT_PATH}`,
            },
          ],
          audience: config.auth.audience,
          rolesClaim: config.auth.rolesClaim,
          cookieKeys: secrets.providerCookieKeys,
          productName: config.site.productName,
          secureCookies: config.secureCookies,
          pseudoLocale: config.pseudoLocale,
          mailer,
          signInUrl: `${config.publicOrigin}/sign-in`,
          signUpLimiter: signUpLimiter ?? undefined,
          redisUrl: sharedCounters,
          trustedProxyHops: config.trustedProxyHops,
          // A password reset signs the account out of the product too (the store opens below).
          endSessions: (accountId) => sessions.endUserSessions(accountId),
          // Whoever can block users or act as them signs in with a second factor.
          secondFactorRoles: [config.auth.adminRole, config.auth.impersonateRole],
          // Opens the client secrets of company identity providers (single sign-on).
          secretBox: createSecretBox(secrets.storedSecretsKey),
          log,
        })
      : null;
    if (identityProvider) closers.push(() => identityProvider.close());

    const sessionStore = await openSessionStore(config);
    closers.push(() => sessionStore.close());
    const secure = config.secureCookies;
    const sessions = createSessionManager(sessionStore, {
      idleSeconds: config.session.idleSeconds,
      absoluteSeconds: config.session.absoluteSeconds,
      cookieName: hostCookieName('tp-session', secure),
      secure,
    });

    const typesense = readTypesenseConfig(process.env);
    const replyAddress = createReplyAddress(secrets.messageReplyKey, config.mail.replyDomain);
    // Messages held back for undo go out when due: timed here, swept by every instance.
    const heldMessages = config.graphql.url ? null : createHeldMessages({ db: database.db, replyAddress, listeners: [eventMail, eventPush], log, sweepSeconds: config.heldWorkSweepSeconds });
    if (heldMessages) closers.push(async () => heldMessages.stop());
    // So do applications' moves, once the company's delay before their talent sees them is over.
    const heldTalentStatuses = config.graphql.url ? null : createHeldTalentStatuses({ db: database.db, listeners: [eventMail, eventPush], log, sweepSeconds: config.heldWorkSweepSeconds });
    if (heldTalentStatuses) closers.push(async () => heldTalentStatuses.stop());
    const api = config.graphql.url
      ? null
      : createApi({
          db: database.db,
          jobSearch,
          jobAdIndex,
          storage,
          eventMail,
          eventPush,
          path: config.graphql.path,
          allowedOrigins: config.graphql.allowedOrigins,
          production: config.production,
          auth: {
            issuer: config.auth.issuer,
            audience: config.auth.audience,
            rolesClaim: config.auth.rolesClaim,
            adminRole: config.auth.adminRole,
            impersonateRole: config.auth.impersonateRole,
          },
          // Blocking a user ends their sessions in this process's store at once.
          userSessions: { endAll: (externalId) => sessions.endUserSessions(externalId) },
          // An erased account's address: its mail waiting for a retry, and the outbox's copies (nothing is kept once SMTP took it).
          pendingMail: { forget: async (address) => (queue ? await queue.forgetMailTo(address) : 0) + (await forgetKeptMail(config.mail, address)) },
          secretBox: createSecretBox(secrets.storedSecretsKey),
          domainCheck,
          replyAddress,
          heldMessages: heldMessages ?? undefined,
          // An asked-for archive of a user's data: prepared by whichever instance takes the job, or here at once without a queue.
          personalDataExports: {
            queue: (exportId) =>
              void (queue
                ? queue.queuePersonalDataExport(exportId)
                : preparePersonalDataExport({ db: database.db, storage, site, sendMail: (message) => mailer.send(message), log, invoicePdf }, exportId)
              ).catch((error: unknown) => log(`personal data: archive ${exportId} could not be queued: ${String(error)}`)),
          },
          heldTalentStatuses: heldTalentStatuses ?? undefined,
          messagesPerWindow: config.messagesPerTenMinutes,
        });
    // Replies to message mails, taken over SMTP when MAIL_INBOUND_PORT is set (behind an MX or a relay).
    if (api && config.mail.inboundPort !== null) {
      const inbound = await startInboundMail({
        port: config.mail.inboundPort,
        host: config.mail.inboundHost,
        handler: createMailReplies({ db: database.db, replyAddress, storage, listeners: [eventMail, eventPush] }),
        log,
      });
      closers.push(() => inbound.close());
    }

    const oidc = createOidcClient({
      auth: { ...config.auth, clientSecret: config.auth.clientSecret ?? secrets.clientSecret },
      clientSecret: config.auth.clientSecret ?? secrets.clientSecret,
      redirectUri,
      postLogoutRedirectUri,
    });
    const bff = createBff({
      sessions,
      oidc,
      callApi: createApiCaller({ api, url: config.graphql.url, path: config.graphql.path }),
      transactionKey: secrets.transactionKey,
      transactionCookieName: hostCookieName('tp-login', secure),
      secureCookies: secure,
      rateLimiter,
      log,
    });

    // Every instance hears every write's notice on the database, so a page open on any
    // instance sees a message sent through any other.
    const live = createLiveHub();
    measure.liveConnections(() => live.size());
    const stopLive = await listenToChannel(database, LIVE_CHANNEL, { notified: (payload) => { const notice = readLiveNotice(payload); if (notice) live.publish(notice); }, listening: () => {} }, log);
    closers.push(stopLive);

    return {
      services: { config, legal: createLegalDocuments(config.legalDocsDir), bff, storage, webPush: api ? { publicKey: vapidKeys.publicKey } : null, live },
      api,
      identityProvider,
      database,
      unsubscribeJobAlert: (token) => unsubscribeJobAlert(database.db, secrets.unsubscribeKey, token),
      readiness: [
        { name: 'database', check: () => database.ping() },
        { name: 'sessions', check: () => sessionStore.ping() },
        { name: 'uploads', check: () => storage.ping() },
        // Not critical: search falls back to PostgreSQL, and an external provider is
        // needed only to sign in or renew a sign-in (see health.ts).
        ...(typesense ? [{ name: 'search', critical: false, check: () => pingTypesense({ host: typesense.host }, typesense.searchKey) }] : []),
        ...(config.auth.builtIn ? [] : [{ name: 'identity provider', critical: false, check: () => oidc.probe() }]),
      ],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
