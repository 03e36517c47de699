import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { AccountStore } from './account-store';
import { FormBodyError, readFormBody } from './form-body';
import { sendHtml } from './html-response';
import { renderLoginPage, renderMessagePage, renderSignUpPage, type Branding, type InteractionLinks } from './pages';

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
  log: (message: string) => void;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Screen = 'login' | 'signup';

/** The `prompt` value (OpenID Connect "prompt=create") that asks for the sign-up form. */
export const CREATE_PROMPT = 'create';

const routePattern = /^\/interaction\/([A-Za-z0-9_-]{1,128})(?:\/(login|signup|abort))?$/;

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

  const linksFor = (uid: string, screen: Screen): InteractionLinks => {
    const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    return {
      submit: `${base}/${screen}`,
      switchTo: `${base}?screen=${screen === 'login' ? 'signup' : 'login'}`,
      abort: `${base}/abort`,
    };
  };

  const sendMessage = (res: ServerResponse, status: number, title: string, message: string, headers?: Record<string, string>) =>
    sendHtml(res, status, renderMessagePage(branding, { title, message }), headers);

  const sendExpired = (res: ServerResponse) =>
    sendMessage(res, 400, 'This page has expired', `Go back to ${branding.productName} and sign in again.`);

  async function finish(req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string): Promise<void> {
    const result: InteractionResults = { login: { accountId, amr: ['pwd'] } };
    // Every prompt the request named must appear in the result, or oidc-provider asks again.
    if (interaction.prompt.name === CREATE_PROMPT || promptsOf(interaction).has(CREATE_PROMPT)) result[CREATE_PROMPT] = {};
    // First-party clients: consent is implied (the grant is made in loadExistingGrant).
    if (promptsOf(interaction).has('consent')) result.consent = {};
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  async function show(req: IncomingMessage, res: ServerResponse, interaction: Interaction, query: URLSearchParams): Promise<void> {
    if (interaction.prompt.name === 'consent') {
      const clientId = interaction.params.client_id;
      if (typeof clientId === 'string' && options.firstPartyClientIds.has(clientId)) {
        await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
        return;
      }
      sendMessage(res, 403, 'Access not granted', 'This application is not allowed to use your account.');
      return;
    }
    const requested = query.get('screen');
    const screen: Screen = requested === 'signup' || requested === 'login' ? requested : defaultScreen(interaction);
    const loginHint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    const links = linksFor(interaction.uid, screen);
    const html =
      screen === 'signup'
        ? renderSignUpPage(branding, { links, email: loginHint })
        : renderLoginPage(branding, { links, email: loginHint });
    sendHtml(res, 200, html);
  }

  async function login(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams): Promise<void> {
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const result = await accounts.authenticate(email, password);
    if (result.ok) {
      await finish(req, res, interaction, result.accountId);
      return;
    }
    const links = linksFor(interaction.uid, 'login');
    if (result.reason === 'locked') {
      log(`idp: sign-in refused after too many failed attempts (client ${req.socket.remoteAddress ?? 'unknown'})`);
      const retryAfter = Math.max(1, Math.ceil((result.lockedUntil.getTime() - Date.now()) / 1000));
      sendHtml(res, 429, renderLoginPage(branding, { links, email, error: result.message }), { 'retry-after': String(retryAfter) });
      return;
    }
    sendHtml(res, 400, renderLoginPage(branding, { links, email, error: result.message }));
  }

  async function signUp(req: IncomingMessage, res: ServerResponse, interaction: Interaction, form: URLSearchParams): Promise<void> {
    const name = form.get('name') ?? '';
    const email = form.get('email') ?? '';
    const result = await accounts.createAccount({ name, email, password: form.get('password') ?? '' });
    if (result.ok) {
      log(`idp: account created (client ${req.socket.remoteAddress ?? 'unknown'})`);
      await finish(req, res, interaction, result.accountId);
      return;
    }
    sendHtml(res, 400, renderSignUpPage(branding, { links: linksFor(interaction.uid, 'signup'), name, email, fieldErrors: result.fieldErrors }));
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
  return async function handleInteraction(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const match = routePattern.exec(path);
    if (!match) {
      sendMessage(res, 404, 'Page not found', 'This page does not exist.');
      return;
    }
    const [, uid, action] = match;
    const method = action ? 'POST' : 'GET';
    if (req.method !== method) {
      req.resume();
      sendMessage(res, 405, 'Not allowed', 'This page cannot be used like that.', { allow: method });
      return;
    }
    // Forms post from our own pages only. Browsers send Origin on every cross-site POST,
    // so a present, foreign Origin is a forgery; oidc-provider's cookie binds the uid.
    const origin = req.headers.origin;
    if (method === 'POST' && origin !== undefined && origin !== options.issuerOrigin) {
      req.resume();
      sendMessage(res, 403, 'Request refused', `This form was not sent from ${branding.productName}.`);
      return;
    }

    try {
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
      if (action === 'login') await login(req, res, interaction, form!);
      else if (action === 'signup') await signUp(req, res, interaction, form!);
      else if (action === 'abort') await abort(req, res);
      else await show(req, res, interaction, query);
    } catch (error) {
      if (error instanceof FormBodyError) {
        sendMessage(res, error.status, 'Request refused', `${error.message}.`);
        return;
      }
      throw error;
    }
  };
}
