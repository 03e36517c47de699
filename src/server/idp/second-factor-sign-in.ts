import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import { clientAddressOf } from './client-address-header';
import { sendHtml } from './html-response';
import { minutesToWait } from './login-throttle';
import { wordsOf, type Branding } from './page-branding';
import { otpauthUri, requiresSecondFactor } from './second-factor';
import { renderRecoveryCodesPage, renderSecondFactorCodePage, renderSecondFactorEnrolPage } from './second-factor-pages';
import type { EnableResult, SecondFactorCheck, SecondFactorStore } from './second-factor-store';
import { createSecondFactorToken, readSecondFactorToken } from './second-factor-token';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The interaction's actions of this step, below `/interaction/:uid/`. */
export const SECOND_FACTOR_ACTIONS = ['second-factor', 'enrol', 'continue'] as const;
export type SecondFactorAction = (typeof SECOND_FACTOR_ACTIONS)[number];

/** What the sign-in's amr claim says was used (RFC 8176): the password, and a one-time password. */
export const AMR_PASSWORD_AND_CODE = ['pwd', 'otp', 'mfa'];

export interface SecondFactorStepOptions {
  store: SecondFactorStore;
  mountPath: string;
  /** Secrets signing the step's token, newest first (the provider's cookie keys). */
  keys: readonly string[];
  /** Roles that may not sign in without a second factor (platform admins, support agents). */
  requiredRoles: readonly string[];
  /** Ends the interaction signed in as the account, with what was used. */
  finish: (req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string, amr: string[]) => Promise<void>;
  /** The interaction is gone or the token is not one of it: the "start again" page. */
  sendExpired: (res: ServerResponse, branding: Branding) => void;
  log: (message: string) => void;
}

/**
 * The sign-in's second step, between a right password and the end of the interaction:
 * an account with a factor gives a code (or a recovery code); an account whose role
 * requires one and has none enrols first (QR code, a code to confirm, the recovery codes
 * shown once); everyone else is signed in at once and can turn a factor on from the
 * account page. The interaction finishes only at the end of this step.
 */
export function createSecondFactorStep(options: SecondFactorStepOptions) {
  const { store, log } = options;
  /** Where a step's form posts, naming the page's language as the sign-in's other forms do. */
  const actionOf = (interaction: Interaction, action: SecondFactorAction, branding: Branding) =>
    withUiLocales(`${options.mountPath}/interaction/${encodeURIComponent(interaction.uid)}/${action}`, branding.language);
  const abortOf = (interaction: Interaction) => `${options.mountPath}/interaction/${encodeURIComponent(interaction.uid)}/abort`;
  const tokenFor = (stage: 'password' | 'done', interaction: Interaction, accountId: string) => createSecondFactorToken(stage, options.keys[0]!, interaction.uid, accountId);

  // Each page in the language of the sign-in it belongs to (branding).
  function codePage(res: ServerResponse, branding: Branding, interaction: Interaction, accountId: string, status = 200, error?: string, headers?: Record<string, string>) {
    const form = { action: actionOf(interaction, 'second-factor', branding), hidden: { token: tokenFor('password', interaction, accountId) } };
    sendHtml(res, status, renderSecondFactorCodePage(branding, { form, exit: { abort: abortOf(interaction) }, ...(error ? { error } : {}) }), headers);
  }

  async function enrolPage(res: ServerResponse, branding: Branding, interaction: Interaction, accountId: string, email: string, status = 200, error?: string, headers?: Record<string, string>) {
    const secret = await store.pendingSecret(accountId);
    if (!secret) return options.sendExpired(res, branding);
    const form = { action: actionOf(interaction, 'enrol', branding), hidden: { token: tokenFor('password', interaction, accountId) } };
    const html = await renderSecondFactorEnrolPage(branding, {
      form,
      exit: { abort: abortOf(interaction) },
      uri: otpauthUri(secret, email, branding.productName),
      secret,
      required: true,
      ...(error ? { error } : {}),
    });
    sendHtml(res, status, html, headers);
  }

  /** The words and status of a refused code; throttled ones carry Retry-After. */
  function refusal(result: Exclude<SecondFactorCheck | EnableResult, { ok: true }>, branding: Branding): { status: number; error: string; headers?: Record<string, string> } {
    const t = wordsOf(branding);
    if (result.reason === 'throttled') {
      const waitMs = result.retryAt.getTime() - Date.now();
      return { status: 429, error: t('identity.pages.signIn.errors.throttled', { count: minutesToWait(waitMs) }), headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } };
    }
    if (result.reason === 'replayed') return { status: 400, error: t('identity.pages.secondFactor.errors.replayed') };
    return { status: 400, error: t('identity.pages.secondFactor.errors.wrong') };
  }

  return {
    /** The password was right: finish, or ask for the code, or send to enrolment. */
    async afterPassword(req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string, branding: Branding): Promise<void> {
      const status = await store.status(accountId);
      if (!status) return options.sendExpired(res, branding);
      if (status.enabled) return codePage(res, branding, interaction, accountId);
      if (requiresSecondFactor(status.roles, options.requiredRoles)) {
        log(`idp: sign-in waits for enrolment of the second factor its role requires (client ${clientAddressOf(req)})`);
        return enrolPage(res, branding, interaction, accountId, status.email);
      }
      await options.finish(req, res, interaction, accountId, ['pwd']);
    },

    async handle(req: IncomingMessage, res: ServerResponse, interaction: Interaction, action: SecondFactorAction, form: URLSearchParams, branding: Branding): Promise<void> {
      const stage = action === 'continue' ? 'done' : 'password';
      const accountId = readSecondFactorToken(stage, options.keys, interaction.uid, form.get('token'));
      if (!accountId) return options.sendExpired(res, branding);
      if (action === 'continue') return options.finish(req, res, interaction, accountId, AMR_PASSWORD_AND_CODE);
      const client = clientAddressOf(req);
      const code = form.get('code') ?? '';
      if (action === 'second-factor') {
        const result = await store.verify(accountId, code, client);
        if (result.ok) {
          if (result.kind === 'recovery') log(`idp: sign-in used a recovery code (client ${client})`);
          return options.finish(req, res, interaction, accountId, AMR_PASSWORD_AND_CODE);
        }
        if (result.reason === 'throttled') log(`idp: second factor throttled (client ${client}, until ${result.retryAt.toISOString()})`);
        const { status, error, headers } = refusal(result, branding);
        return codePage(res, branding, interaction, accountId, status, error, headers);
      }
      const status = await store.status(accountId);
      if (!status) return options.sendExpired(res, branding);
      // Enrolment in a sign-in is for an account without a factor only; one with a factor gives its code.
      if (status.enabled) return codePage(res, branding, interaction, accountId);
      const result = await store.enable(accountId, code, client);
      if (!result.ok) {
        if (result.reason === 'no-enrolment') return enrolPage(res, branding, interaction, accountId, status.email);
        const { status: httpStatus, error, headers } = refusal(result, branding);
        return enrolPage(res, branding, interaction, accountId, status.email, httpStatus, error, headers);
      }
      log(`idp: second factor enrolled during sign-in (client ${client})`);
      const next = { form: { action: actionOf(interaction, 'continue', branding), hidden: { token: tokenFor('done', interaction, accountId) } } };
      sendHtml(res, 200, renderRecoveryCodesPage(branding, { codes: result.recoveryCodes, next }));
    },
  };
}
