import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { fieldErrorsOf } from '../../lib/forms/form-outcome';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import type { RateLimiter } from '../bff/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { AccountStore } from './account-store';
import { PASSWORD_RESET_PATH } from './password-reset';
import { clientAddressOf } from './client-address-header';
import { FormBodyError, readFormBody } from './form-body';
import { minutesToWait } from './login-throttle';
import { sendHtml } from './html-response';
import { wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderEmailPage, renderLoginPage, renderMessagePage, renderSignUpPage, type InteractionLinks } from './pages';
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
import { createSignUpMails } from './sign-up-mails';

export interface InteractionHandlerOptions {
  provider: Provider;
  accounts: AccountStore;
  /** Each request's branding, in the language of its page (page-language.ts). */
  brandingFor: BrandingFor;
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
  const { provider, accounts, mountPath, log } = options;
  const { signUpLimiter } = options;

  /**
   * The links of a screen, in its language: the password reset page is outside the
   * interaction, and a screen's language may have come from its own address rather than
   * from the authorization request, so every link and form names it (abort leaves for the client).
   */
  const linksFor = (uid: string, screen: Screen, branding: Branding): InteractionLinks => {
    const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    const actions: Record<Screen, string> = { login: 'email', password: 'login', signup: 'signup' };
    const inLanguage = (href: string) => withUiLocales(href, branding.language);
    return {
      submit: inLanguage(`${base}/${actions[screen]}`),
      switchTo: inLanguage(`${base}?screen=${screen === 'signup' ? 'login' : 'signup'}`),
      abort: `${base}/abort`,
      passwordReset: inLanguage(`${mountPath}${PASSWORD_RESET_PATH}`),
      password: inLanguage(`${base}?screen=password`),
    };
  };

  const sendMessage = (res: ServerResponse, branding: Branding, status: number, title: string, message: string, headers?: Record<string, string>) =>
    sendHtml(res, status, renderMessagePage(branding, { title, message }), headers);

  const sendExpired = (res: ServerResponse, branding: Branding) => {
    const t = wordsOf(branding);
    sendMessage(res, branding, 400, t('identity.pages.expired.title'), t('identity.pages.expired.message', { productName: branding.productName }));
  };

  /** The keys of the words for a form body refused, by its code (its message is for logs). */
  const formBodyRefusals: Record<FormBodyError['code'], string> = {
    FORM_TOO_LARGE: 'identity.pages.requestRefused.formTooLarge',
    FORM_UNSUPPORTED_TYPE: 'identity.pages.requestRefused.formUnsupportedType',
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
    brandingFor: options.brandingFor,
    issuer: options.issuer,
    mountPath,
    finish: (req, res, interaction, accountId, branding) => secondFactor.afterPassword(req, res, interaction, accountId, branding),
    log,
  });

  const signUpMails = createSignUpMails({
    provider,
    accounts,
    mailer: options.mailer,
    keys: options.confirmationKeys,
    mountPath,
    issuerOrigin: options.issuerOrigin,
    brandingFor: options.brandingFor,
    afterPassword: (req, res, interaction, accountId, branding) => secondFactor.afterPassword(req, res, interaction, accountId, branding),
  });

  async function show(req: IncomingMessage, res: ServerResponse, interaction: Interaction, query: URLSearchParams, branding: Branding): Promise<void> {
    const t = wordsOf(branding);
    if (interaction.prompt.name === 'consent') {
      const clientId = interaction.params.client_id;
      if (typeof clientId === 'string' && options.firstPartyClientIds.has(clientId)) {
        await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
        return;
      }
      sendMessage(res, branding, 403, t('identity.pages.consentRefused.title'), t('identity.pages.consentRefused.message'));
      return;
    }
    const requested = query.get('screen');
    const loginHint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    if (!requested) {
      // `/sign-in/<slug>` names the company's provider; a hinted address of a company's proven domain leads to its own.
      const slug = interaction.params[SIGN_ON_PARAM];
      const provider = typeof slug === 'string' && slug ? await providerBySlug(options.db, slug) : loginHint ? await providerForEmail(options.db, loginHint) : null;
      if (provider) return federation.start(req, res, interaction, provider, loginHint || null, branding);
    }
    const screen: Screen = requested === 'signup' || requested === 'login' || requested === 'password' ? requested : defaultScreen(interaction);
    const links = linksFor(interaction.uid, screen, branding);
    const html =
      screen === 'signup'
        ? renderSignUpPage(branding, { links, email: loginHint })
        : screen === 'login' && !loginHint
          ? renderEmailPage(branding, { links })
          : renderLoginPage(branding, { links: linksFor(interaction.uid, 'password', branding), email: loginHint });
    sendHtml(res, 200, html);
  }

  /**
   * The address step: a proven company domain with a provider goes there (home realm
   * discovery); any other address goes on to the password step, or signs in at once when
   * the form carried a password too.
   */
  async function email(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams, branding: Branding): Promise<void> {
    const address = normalizeEmail(form.get('email') ?? '');
    if (!address || !isValidEmail(address)) {
      const error = wordsOf(branding)(address ? 'identity.pages.signIn.errors.emailInvalid' : 'identity.pages.signIn.errors.emailRequired');
      sendHtml(res, 400, renderEmailPage(branding, { links: linksFor(interaction.uid, 'login', branding), email: form.get('email') ?? '', error }));
      return;
    }
    const provider = await providerForEmail(options.db, address);
    if (provider) return federation.start(req, res, interaction, provider, address, branding);
    if (form.get('password')) return login(req, res, interaction, form, branding);
    sendHtml(res, 200, renderLoginPage(branding, { links: linksFor(interaction.uid, 'password', branding), email: address }));
  }

  async function login(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams, branding: Branding): Promise<void> {
    const t = wordsOf(branding);
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const client = clientAddressOf(req);
    // A company that enforces single sign-on takes passwords from its break-glass owner alone.
    const enforced = hasControlCharacters(email) ? null : await enforcedSignOnFor(options.db, email);
    if (enforced) {
      log(`idp: password sign-in refused, the company enforces single sign-on (client ${client})`);
      const error = t('identity.pages.signIn.errors.singleSignOnRequired', { company: enforced.companyName });
      sendHtml(res, 403, renderLoginPage(branding, { links: linksFor(interaction.uid, 'password', branding), email, error }));
      return;
    }
    const result = await accounts.authenticate(email, password, client);
    if (result.ok) {
      await secondFactor.afterPassword(req, res, interaction, result.accountId, branding);
      return;
    }
    const links = linksFor(interaction.uid, 'password', branding);
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
      if (decision.allowed) await signUpMails.sendConfirmation(interaction.uid, result.account, branding).catch((error: unknown) => log(`idp: confirmation mail failed: ${errorMessage(error)}`));
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
  async function signUp(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams, branding: Branding): Promise<void> {
    const t = wordsOf(branding);
    const name = form.get('name') ?? '';
    const email = form.get('email') ?? '';
    const client = clientAddressOf(req);
    const decision = await signUpLimiter.take(client);
    if (!decision.allowed) {
      log(`idp: sign-up refused, too many from client ${client}`);
      const minutes = minutesToWait(decision.retryAfterSeconds * 1000);
      sendMessage(res, branding, 429, t('identity.signUpThrottled.title'), t('identity.signUpThrottled.message', { minutes }), {
        'retry-after': String(decision.retryAfterSeconds),
      });
      return;
    }
    const result = await accounts.createAccount({ name, email, password: form.get('password') ?? '' });
    if (!result.ok) {
      const fieldErrors = fieldErrorsOf(result.issues, t, 'identity.pages.signUp.errors');
      sendHtml(res, 400, renderSignUpPage(branding, { links: linksFor(interaction.uid, 'signup', branding), name, email, fieldErrors }));
      return;
    }
    log(`idp: sign-up ${result.isNew ? 'created an account' : 'named an existing account'} (client ${client})`);
    // A mail that cannot be sent must not change the answer; the account can still sign in.
    await signUpMails.sendSignUpMail(interaction.uid, result, branding).catch((error: unknown) => log(`idp: sign-up mail failed: ${errorMessage(error)}`));
    sendMessage(res, branding, 200, t('identity.checkEmail.title'), t('identity.checkEmail.message', { email: result.email }));
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
    // Until the interaction is known, the request's own ui_locales and the remembered language decide.
    let branding = options.brandingFor(req, query);
    const t = wordsOf(branding);
    const match = routePattern.exec(path);
    if (!match) {
      sendMessage(res, branding, 404, t('identity.pages.notFound.title'), t('identity.pages.notFound.message'));
      return;
    }
    const [, uid, action] = match;
    const method = LINK_ACTIONS.has(action) ? 'GET' : 'POST';
    if (req.method !== method) {
      req.resume();
      sendMessage(res, branding, 405, t('identity.pages.methodNotAllowed.title'), t('identity.pages.methodNotAllowed.message'), { allow: method });
      return;
    }
    // Forms post from our own pages only. Browsers send Origin on every cross-site POST,
    // so a present, foreign Origin is a forgery; oidc-provider's cookie binds the uid.
    const origin = req.headers.origin;
    if (method === 'POST' && origin !== undefined && origin !== options.issuerOrigin) {
      req.resume();
      sendMessage(res, branding, 403, t('identity.pages.requestRefused.title'), t('identity.pages.requestRefused.foreignOrigin', { productName: branding.productName }));
      return;
    }

    try {
      if (action === 'confirm') {
        await signUpMails.confirm(req, res, uid!, query);
        return;
      }
      const form = method === 'POST' ? await readFormBody(req) : null;
      let interaction: Interaction;
      try {
        interaction = await provider.interactionDetails(req, res);
      } catch (error) {
        if (error instanceof errors.SessionNotFound) {
          sendExpired(res, branding);
          return;
        }
        throw error;
      }
      if (interaction.uid !== uid) {
        sendExpired(res, branding);
        return;
      }
      branding = options.brandingFor(req, query, interaction.params);
      if (action === 'email') await email(req, res, interaction, form!, branding);
      else if (action === 'login') await login(req, res, interaction, form!, branding);
      else if (action === 'sign-on') await federation.complete(req, res, interaction, query, branding);
      else if (action === 'signup') await signUp(req, res, interaction, form!, branding);
      else if (action === 'abort') await abort(req, res);
      else if ((SECOND_FACTOR_ACTIONS as readonly string[]).includes(action ?? '')) await secondFactor.handle(req, res, interaction, action as SecondFactorAction, form!, branding);
      else await show(req, res, interaction, query, branding);
    } catch (error) {
      if (error instanceof FormBodyError) {
        const words = wordsOf(branding);
        sendMessage(res, branding, error.status, words('identity.pages.requestRefused.title'), words(formBodyRefusals[error.code]));
        return;
      }
      throw error;
    }
  }

  return { handleInteraction, signOnCallback: federation.callback, samlAnswer: federation.samlAnswer, samlMetadata: federation.samlMetadata };
}
