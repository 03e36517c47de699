import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { fieldErrorsOf } from '../../lib/forms/form-outcome';
import { getTranslator } from '../../lib/i18n/i18n';
import type { RateLimiter } from '../bff/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { AccountAddress, AccountStore } from './account-store';
import { PASSWORD_RESET_PATH } from './password-reset';
import { clientAddressOf } from './client-address-header';
import { createAccountLinkToken, readAccountLinkToken } from './account-link';
import { FormBodyError, readFormBody } from './form-body';
import { minutesToWait } from './login-throttle';
import { sendHtml } from './html-response';
import { renderEmailPage, renderLoginPage, renderMessagePage, renderSignUpPage, type Branding, type InteractionLinks } from './pages';
import type { AppDatabase } from '../db/client';
import type { OidcFederation } from '../sign-on/oidc-federation';
import type { SamlFederation } from '../sign-on/saml-federation';
import { enforcedSignOnFor, providerBySlug, providerForEmail } from '../sign-on/sign-on-providers';
import { createFederatedSignIn } from './federated-sign-in';
import { isValidEmail, normalizeEmail } from './sign-up-validation';
import { errorMessage } from '../../lib/text/error-message';
import { hasControlCharacters } from '../../lib/text/control-characters';
import { createSecondFactorStep, SECOND_FACTOR_ACTIONS, type SecondFactorAction } from './second-factor-sign-in';
import type { SecondFactorStore } from './second-factor-store';

export interface InteractionHandlerOptions {
  provider: Provider;
  accounts: AccountStore;
  branding: Branding;
  /** Where the provider is mounted, e.g. `/oidc`. */
  mountPath: string;
  /** The issuer's origin: the only Origin a form post may come from. */
  issuerOrigin: string;
  /** Our own clients: they get no consent screen. */
  firstPartyClientIds: ReadonlySet<string>;
  /** Sends the sign-up confirmation, or the note to an owner whose e-mail was used again. */
  mailer: Mailer;
  /** Secrets signing confirmation links, newest first (the provider's cookie keys). */
  confirmationKeys: readonly string[];
  /** The product's sign-in address, named in mails to people who already have an account. */
  signInUrl: string;
  /** Sign-ups per client address (SIGN_UP_LIMIT_PER_HOUR); new confirmation links count here too. */
  signUpLimiter: RateLimiter;
  secondFactors: SecondFactorStore;
  /** Roles that must have a second factor before signing in. */
  secondFactorRoles: readonly string[];
  /** Company identity providers (single sign-on): their rows, and the relying party of the OIDC ones. */
  db: AppDatabase;
  oidcFederation: OidcFederation;
  samlFederation: SamlFederation;
  /** The built-in provider's issuer. */
  issuer: string;
  log: (message: string) => void;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
/** The address first (login), then the password; or the sign-up form. */
type Screen = 'login' | 'password' | 'signup';

/** The authorization parameter naming a company's provider to start at once (`/sign-in/<slug>`). */
export const SIGN_ON_PARAM = 'sign_on';

/** The `prompt` value (OpenID Connect "prompt=create") that asks for the sign-up form. */
export const CREATE_PROMPT = 'create';

const routePattern = new RegExp(`^/interaction/([A-Za-z0-9_-]{1,128})(?:/(email|login|signup|abort|confirm|sign-on|${SECOND_FACTOR_ACTIONS.join('|')}))?$`);
/** The actions followed by a GET (a link or a redirect); the others are form posts. */
const LINK_ACTIONS = new Set([undefined, 'confirm', 'sign-on']);

export function isInteractionPath(path: string): boolean {
  return path === '/interaction' || path.startsWith('/interaction/');
}

function promptsOf(interaction: Interaction): Set<string> {
  const { prompt } = interaction.params;
  return new Set(typeof prompt === 'string' ? prompt.split(' ') : []);
}

/** Sign-up first when the client asked for it: `prompt=create`, or Auth0's `screen_hint=signup`. */
function defaultScreen(interaction: Interaction): Screen {
  return interaction.prompt.name === CREATE_PROMPT || interaction.params.screen_hint === 'signup' ? 'signup' : 'login';
}

/**
 * The provider's own pages under `/interaction/:uid`: GET shows sign-in or sign-up,
 * POST `/login`, `/signup` and `/abort` act on them. The interaction is the one bound
 * to oidc-provider's signed interaction cookie, and must match the uid in the address.
 */
export function createInteractionHandler(options: InteractionHandlerOptions) {
  const { provider, accounts, branding, mountPath, log } = options;
  const t = getTranslator();
  const { signUpLimiter } = options;

  const linksFor = (uid: string, screen: Screen): InteractionLinks => {
    const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    const actions: Record<Screen, string> = { login: 'email', password: 'login', signup: 'signup' };
    return {
      submit: `${base}/${actions[screen]}`,
      switchTo: `${base}?screen=${screen === 'signup' ? 'login' : 'signup'}`,
      abort: `${base}/abort`,
      passwordReset: `${mountPath}${PASSWORD_RESET_PATH}`,
      password: `${base}?screen=password`,
    };
  };

  const sendMessage = (res: ServerResponse, status: number, title: string, message: string, headers?: Record<string, string>) =>
    sendHtml(res, status, renderMessagePage(branding, { title, message }), headers);

  const sendExpired = (res: ServerResponse) =>
    sendMessage(res, 400, t('identity.pages.expired.title'), t('identity.pages.expired.message', { productName: branding.productName }));

  /** Words a form body refused by its code (its message is for logs). */
  const formBodyRefusals: Record<FormBodyError['code'], string> = {
    FORM_TOO_LARGE: t('identity.pages.requestRefused.formTooLarge'),
    FORM_UNSUPPORTED_TYPE: t('identity.pages.requestRefused.formUnsupportedType'),
  };

  async function finish(req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string, amr: string[]): Promise<void> {
    const result: InteractionResults = { login: { accountId, amr } };
    // Every prompt the request named must appear in the result, or oidc-provider asks again.
    if (interaction.prompt.name === CREATE_PROMPT || promptsOf(interaction).has(CREATE_PROMPT)) result[CREATE_PROMPT] = {};
    // First-party clients: consent is implied (the grant is made in loadExistingGrant).
    if (promptsOf(interaction).has('consent')) result.consent = {};
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  const secondFactor = createSecondFactorStep({
    store: options.secondFactors,
    branding,
    mountPath,
    keys: options.confirmationKeys,
    requiredRoles: options.secondFactorRoles,
    finish,
    sendExpired,
    log,
  });

  const federation = createFederatedSignIn({
    db: options.db,
    oidc: options.oidcFederation,
    saml: options.samlFederation,
    branding,
    issuer: options.issuer,
    mountPath,
    finish: (req, res, interaction, accountId) => secondFactor.afterPassword(req, res, interaction, accountId),
    log,
  });

  async function show(req: IncomingMessage, res: ServerResponse, interaction: Interaction, query: URLSearchParams): Promise<void> {
    if (interaction.prompt.name === 'consent') {
      const clientId = interaction.params.client_id;
      if (typeof clientId === 'string' && options.firstPartyClientIds.has(clientId)) {
        await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
        return;
      }
      sendMessage(res, 403, t('identity.pages.consentRefused.title'), t('identity.pages.consentRefused.message'));
      return;
    }
    const requested = query.get('screen');
    const loginHint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    if (!requested) {
      // `/sign-in/<slug>` names the company's provider; a hinted address of a company's proven domain leads to its own.
      const slug = interaction.params[SIGN_ON_PARAM];
      const provider = typeof slug === 'string' && slug ? await providerBySlug(options.db, slug) : loginHint ? await providerForEmail(options.db, loginHint) : null;
      if (provider) return federation.start(req, res, interaction, provider, loginHint || null);
    }
    const screen: Screen = requested === 'signup' || requested === 'login' || requested === 'password' ? requested : defaultScreen(interaction);
    const links = linksFor(interaction.uid, screen);
    const html =
      screen === 'signup'
        ? renderSignUpPage(branding, { links, email: loginHint })
        : screen === 'login' && !loginHint
          ? renderEmailPage(branding, { links })
          : renderLoginPage(branding, { links: linksFor(interaction.uid, 'password'), email: loginHint });
    sendHtml(res, 200, html);
  }

  /**
   * The address step: a proven company domain with a provider goes there (home realm
   * discovery); any other address goes on to the password step, or signs in at once when
   * the form carried a password too.
   */
  async function email(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams): Promise<void> {
    const address = normalizeEmail(form.get('email') ?? '');
    if (!address || !isValidEmail(address)) {
      const error = t(address ? 'identity.pages.signIn.errors.emailInvalid' : 'identity.pages.signIn.errors.emailRequired');
      sendHtml(res, 400, renderEmailPage(branding, { links: linksFor(interaction.uid, 'login'), email: form.get('email') ?? '', error }));
      return;
    }
    const provider = await providerForEmail(options.db, address);
    if (provider) return federation.start(req, res, interaction, provider, address);
    if (form.get('password')) return login(req, res, interaction, form);
    sendHtml(res, 200, renderLoginPage(branding, { links: linksFor(interaction.uid, 'password'), email: address }));
  }

  async function login(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams): Promise<void> {
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const client = clientAddressOf(req);
    // A company that enforces single sign-on takes passwords from its break-glass owner alone.
    const enforced = hasControlCharacters(email) ? null : await enforcedSignOnFor(options.db, email);
    if (enforced) {
      log(`idp: password sign-in refused, the company enforces single sign-on (client ${client})`);
      const error = t('identity.pages.signIn.errors.singleSignOnRequired', { company: enforced.companyName });
      sendHtml(res, 403, renderLoginPage(branding, { links: linksFor(interaction.uid, 'password'), email, error }));
      return;
    }
    const result = await accounts.authenticate(email, password, client);
    if (result.ok) {
      await secondFactor.afterPassword(req, res, interaction, result.accountId);
      return;
    }
    const links = linksFor(interaction.uid, 'password');
    if (result.reason === 'throttled') {
      // The provider has no event table: this line is the record of a throttled attempt.
      const why = result.scope === 'client' ? 'too many failed sign-ins from this client' : 'too many failed sign-ins for this e-mail from this client';
      log(`idp: sign-in throttled, ${why} (client ${client}, until ${result.retryAt.toISOString()})`);
      const waitMs = result.retryAt.getTime() - Date.now();
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      const error = t('identity.pages.signIn.errors.throttled', { count: minutesToWait(waitMs) });
      sendHtml(res, 429, renderLoginPage(branding, { links, email, error }), { 'retry-after': String(retryAfter) });
      return;
    }
    if (result.reason === 'unconfirmed') {
      // The right password, so the address's owner or whoever signed up with it: a new link
      // goes to the address (counted like a sign-up), and only its owner can use it.
      const decision = await signUpLimiter.take(client);
      if (decision.allowed) await sendConfirmation(interaction.uid, result.account).catch((error: unknown) => log(`idp: confirmation mail failed: ${errorMessage(error)}`));
      log(`idp: sign-in refused, the address is not confirmed (client ${client})`);
      sendHtml(res, 403, renderLoginPage(branding, { links, email, error: t('identity.pages.signIn.errors.unconfirmed', { email: result.account.email }) }));
      return;
    }
    if (result.reason === 'blocked') {
      log(`idp: sign-in refused, the account is blocked (client ${client})`);
      sendHtml(res, 403, renderLoginPage(branding, { links, email, error: t('identity.accountBlocked', { productName: branding.productName }) }));
      return;
    }
    sendHtml(res, 400, renderLoginPage(branding, { links, email, error: t('identity.pages.signIn.errors.wrongCredentials') }));
  }

  /**
   * A valid sign-up gets the same answer whether the e-mail was new or already had an
   * account ("check your e-mail"), so the form tells nobody which addresses are
   * registered. The owner of the address learns which it was by mail: a confirmation
   * link that finishes signing in, or a note that they already have an account.
   */
  async function signUp(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams): Promise<void> {
    const name = form.get('name') ?? '';
    const email = form.get('email') ?? '';
    const client = clientAddressOf(req);
    const decision = await signUpLimiter.take(client);
    if (!decision.allowed) {
      log(`idp: sign-up refused, too many from client ${client}`);
      const minutes = minutesToWait(decision.retryAfterSeconds * 1000);
      sendMessage(res, 429, t('identity.signUpThrottled.title'), t('identity.signUpThrottled.message', { minutes }), {
        'retry-after': String(decision.retryAfterSeconds),
      });
      return;
    }
    const result = await accounts.createAccount({ name, email, password: form.get('password') ?? '' });
    if (!result.ok) {
      const fieldErrors = fieldErrorsOf(result.issues, t, 'identity.pages.signUp.errors');
      sendHtml(res, 400, renderSignUpPage(branding, { links: linksFor(interaction.uid, 'signup'), name, email, fieldErrors }));
      return;
    }
    log(`idp: sign-up ${result.isNew ? 'created an account' : 'named an existing account'} (client ${client})`);
    // A mail that cannot be sent must not change the answer; the account can still sign in.
    await sendSignUpMail(interaction.uid, result).catch((error: unknown) => log(`idp: sign-up mail failed: ${errorMessage(error)}`));
    sendMessage(res, 200, t('identity.checkEmail.title'), t('identity.checkEmail.message', { email: result.email }));
  }

  function sendSignUpMail(uid: string, account: AccountAddress & { isNew: boolean }): Promise<void> {
    const productName = branding.productName;
    if (!account.isNew) {
      return options.mailer.send({
        to: account.email,
        subject: t('identity.mail.alreadyRegistered.subject', { productName }),
        text: t('identity.mail.alreadyRegistered.text', { productName, name: account.name, signInLink: options.signInUrl }),
      });
    }
    return sendConfirmation(uid, account);
  }

  function sendConfirmation(uid: string, account: AccountAddress): Promise<void> {
    const productName = branding.productName;
    const token = createAccountLinkToken('emailConfirmation', options.confirmationKeys[0]!, account);
    // Under the interaction's own path: only there does the browser send the cookie that
    // binds the interaction, so the link signs in only the browser that signed up.
    const link = new URL(`${mountPath}/interaction/${encodeURIComponent(uid)}/confirm?token=${encodeURIComponent(token)}`, options.issuerOrigin).href;
    return options.mailer.send({
      to: account.email,
      subject: t('identity.mail.confirm.subject', { productName }),
      text: t('identity.mail.confirm.text', { productName, name: account.name, link }),
    });
  }

  /**
   * The confirmation link: marks the e-mail confirmed, then finishes signing in when it
   * is opened in the browser that signed up (its interaction is still open); elsewhere
   * it says so and sends the person to sign in.
   */
  async function confirm(req: IncomingMessage, res: ServerResponse, uid: string, query: URLSearchParams): Promise<void> {
    const link = readAccountLinkToken('emailConfirmation', options.confirmationKeys, query.get('token'));
    const accountId = link ? await accounts.confirmEmail(link) : null;
    if (!accountId) {
      sendMessage(res, 400, t('identity.confirmationInvalid.title'), t('identity.confirmationInvalid.message'));
      return;
    }
    let interaction: Interaction | null = null;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    if (interaction && interaction.uid === uid) {
      await secondFactor.afterPassword(req, res, interaction, accountId);
      return;
    }
    sendHtml(res, 200, renderMessagePage(branding, {
      title: t('identity.confirmed.title'),
      message: t('identity.confirmed.message', { productName: branding.productName }),
      link: { href: options.signInUrl, text: t('identity.pages.signIn.submit') },
    }));
  }

  async function abort(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  }

  /** Handles `path` (below the mount path, e.g. `/interaction/abc/login`). */
  async function handleInteraction(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const match = routePattern.exec(path);
    if (!match) {
      sendMessage(res, 404, t('identity.pages.notFound.title'), t('identity.pages.notFound.message'));
      return;
    }
    const [, uid, action] = match;
    const method = LINK_ACTIONS.has(action) ? 'GET' : 'POST';
    if (req.method !== method) {
      req.resume();
      sendMessage(res, 405, t('identity.pages.methodNotAllowed.title'), t('identity.pages.methodNotAllowed.message'), { allow: method });
      return;
    }
    // Forms post from our own pages only. Browsers send Origin on every cross-site POST,
    // so a present, foreign Origin is a forgery; oidc-provider's cookie binds the uid.
    const origin = req.headers.origin;
    if (method === 'POST' && origin !== undefined && origin !== options.issuerOrigin) {
      req.resume();
      sendMessage(res, 403, t('identity.pages.requestRefused.title'), t('identity.pages.requestRefused.foreignOrigin', { productName: branding.productName }));
      return;
    }

    try {
      if (action === 'confirm') {
        await confirm(req, res, uid!, query);
        return;
      }
      const form = method === 'POST' ? await readFormBody(req) : null;
      let interaction: Interaction;
      try {
        interaction = await provider.interactionDetails(req, res);
      } catch (error) {
        if (error instanceof errors.SessionNotFound) {
          sendExpired(res);
          return;
        }
        throw error;
      }
      if (interaction.uid !== uid) {
        sendExpired(res);
        return;
      }
      if (action === 'email') await email(req, res, interaction, form!);
      else if (action === 'login') await login(req, res, interaction, form!);
      else if (action === 'sign-on') await federation.complete(req, res, interaction, query);
      else if (action === 'signup') await signUp(req, res, interaction, form!);
      else if (action === 'abort') await abort(req, res);
      else if ((SECOND_FACTOR_ACTIONS as readonly string[]).includes(action ?? '')) await secondFactor.handle(req, res, interaction, action as SecondFactorAction, form!);
      else await show(req, res, interaction, query);
    } catch (error) {
      if (error instanceof FormBodyError) {
        sendMessage(res, error.status, t('identity.pages.requestRefused.title'), formBodyRefusals[error.code]);
        return;
      }
      throw error;
    }
  }

  return { handleInteraction, signOnCallback: federation.callback, samlAnswer: federation.samlAnswer, samlMetadata: federation.samlMetadata };
}
