import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { errorMessage } from '../../lib/text/error-message';
import { SIGN_ON_CALLBACK_PATH } from '../../lib/sign-on/sign-on-rules';
import type { AppDatabase } from '../db/client';
import { idp } from '../db/schema';
import type { OidcFederation } from '../sign-on/oidc-federation';
import type { SamlFederation } from '../sign-on/saml-federation';
import type { ProviderIdentity } from '../sign-on/sign-on-join';
import type { SignOnAttempt } from '../sign-on/sign-on-attempts';
import { answerSignOnAttempt, openSignOnAttempt, takeAnsweredSignOnAttempt } from '../sign-on/sign-on-attempts';
import { signInThroughProvider, type SignOnRefusal } from '../sign-on/sign-on-join';
import type { SignOnProvider } from '../sign-on/sign-on-providers';
import { clientAddressOf } from './client-address-header';
import { FormBodyError, readFormBody } from './form-body';
import { sendHtml } from './html-response';
import { wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderMessagePage } from './pages';

// Signing in through a company's identity provider, inside the built-in provider's
// interaction: the interaction sends the browser to the company's provider, its answer
// comes back to one fixed address (registered there), is checked and turned into an
// account, and the browser goes on to its interaction, which finishes the sign-in. The
// interaction's own cookie is only sent below its path, so the answer never finishes a
// sign-in in a browser that did not start it.

/** A SAML answer with its signature and certificate can be long (Entra ID with group claims): far more than a form's 10 kB. */
export const SAML_RESPONSE_LIMIT_BYTES = 512 * 1024;

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;


export type FederationRefusal = SignOnRefusal | 'providerRefused' | 'providerUnreachable' | 'answerInvalid' | 'expired';

export interface FederatedSignInOptions {
  db: AppDatabase;
  oidc: OidcFederation;
  saml: SamlFederation;
  /** Each request's branding: the company provider's answers come back outside the interaction. */
  brandingFor: BrandingFor;
  /** The built-in provider's issuer (its answers' address is below it). */
  issuer: string;
  mountPath: string;
  /** Finishes the interaction for the account (through the second factor step when it has one). */
  finish: (req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string, branding: Branding) => Promise<void>;
  log: (message: string) => void;
}

export function createFederatedSignIn(options: FederatedSignInOptions) {
  const { db, oidc, saml, mountPath, log } = options;

  const refuse = (res: ServerResponse, branding: Branding, status: number, reason: FederationRefusal) => {
    const t = wordsOf(branding);
    sendHtml(
      res,
      status,
      renderMessagePage(branding, {
        title: t('identity.pages.signOn.title'),
        message: t(`identity.pages.signOn.errors.${reason}`, { productName: branding.productName }),
        link: { href: branding.signInUrl, text: t('identity.pages.signOn.tryAgain') },
      }),
    );
  };

  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  /**
   * A checked answer: the person signs in (and joins) if the address is of a domain the
   * provider's company proved; the attempt is answered once, and the browser goes back to
   * its own interaction.
   */
  async function accept(req: IncomingMessage, res: ServerResponse, branding: Branding, provider: SignOnProvider, attempt: SignOnAttempt, identity: ProviderIdentity): Promise<void> {
    const joined = await signInThroughProvider(db, provider, identity);
    if (!joined.ok) {
      log(`idp: sign-on through ${provider.slug} refused, ${joined.reason} (client ${clientAddressOf(req)})`);
      return refuse(res, branding, 403, joined.reason);
    }
    if (!(await answerSignOnAttempt(db, attempt.id, joined.accountId))) return refuse(res, branding, 400, 'expired');
    log(`idp: sign-on through ${provider.slug} accepted${joined.joined ? ', the person joined the company' : ''}`);
    redirect(res, `${mountPath}/interaction/${encodeURIComponent(attempt.interactionUid)}/sign-on?state=${encodeURIComponent(attempt.state)}`);
  }

  return {
    /** Sends the browser of `interaction` to the company's provider (asked for `email` when known). */
    async start(req: IncomingMessage, res: ServerResponse, interaction: Interaction, provider: SignOnProvider, email: string | null, branding: Branding): Promise<void> {
      let location: URL;
      try {
        location = await (provider.config.protocol === 'saml' ? saml : oidc).start(provider, interaction.uid, email);
      } catch (error) {
        // fetch says only "fetch failed": the reason (refused, unknown host, TLS) is its cause.
        const cause = (error as { cause?: unknown }).cause;
        log(`idp: sign-on through ${provider.slug} could not start: ${errorMessage(error)}${cause ? ` (${errorMessage(cause)})` : ''}`);
        return refuse(res, branding, 502, 'providerUnreachable');
      }
      log(`idp: sign-on through ${provider.slug} started (client ${clientAddressOf(req)})`);
      redirect(res, location.href);
    },

    /** `/sign-on/callback`: the company provider's answer (OIDC). */
    async callback(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
      // The company provider's query is no link of ours: only the remembered language counts.
      const branding = options.brandingFor(req, null);
      if (req.method !== 'GET') {
        req.resume();
        return refuse(res, branding, 405, 'expired');
      }
      const attempt = await openSignOnAttempt(db, query.get('state') ?? '');
      if (!attempt) return refuse(res, branding, 400, 'expired');
      const [provider] = await db.select().from(idp).where(eq(idp.id, attempt.idpId)).limit(1);
      if (!provider) return refuse(res, branding, 400, 'providerRemoved');
      const callback = new URL(`${options.issuer}${SIGN_ON_CALLBACK_PATH}?${query.toString()}`);
      if (provider.config.protocol !== 'oidc') return refuse(res, branding, 400, 'answerInvalid');
      const answer = await oidc.finish(provider, attempt, callback);
      if (!answer.ok) {
        log(`idp: sign-on through ${provider.slug} refused, ${answer.reason}: ${answer.detail}`);
        return refuse(res, branding, answer.reason === 'providerUnreachable' ? 502 : 400, answer.reason);
      }
      return accept(req, res, branding, provider, attempt, answer.identity);
    },

    /** `/sign-on/saml/acs`: the company provider's answer (SAML, HTTP-POST binding), its attempt named by RelayState. */
    async samlAnswer(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const branding = options.brandingFor(req, null);
      if (req.method !== 'POST') {
        req.resume();
        return refuse(res, branding, 405, 'expired');
      }
      let form: URLSearchParams;
      try {
        form = await readFormBody(req, SAML_RESPONSE_LIMIT_BYTES);
      } catch (error) {
        if (error instanceof FormBodyError) return refuse(res, branding, error.status, 'answerInvalid');
        throw error;
      }
      const attempt = await openSignOnAttempt(db, form.get('RelayState') ?? '');
      if (!attempt) return refuse(res, branding, 400, 'expired');
      const [provider] = await db.select().from(idp).where(eq(idp.id, attempt.idpId)).limit(1);
      if (!provider) return refuse(res, branding, 400, 'providerRemoved');
      if (provider.config.protocol !== 'saml') return refuse(res, branding, 400, 'answerInvalid');
      const answer = await saml.finish(provider, attempt, form.get('SAMLResponse') ?? '');
      if (!answer.ok) {
        log(`idp: sign-on through ${provider.slug} refused, ${answer.reason}: ${answer.detail}`);
        return refuse(res, branding, answer.reason === 'providerRefused' ? 403 : 400, answer.reason);
      }
      return accept(req, res, branding, provider, attempt, answer.identity);
    },

    /** `/sign-on/saml/metadata`: the product as a SAML service provider, for a company's provider to read. */
    async samlMetadata(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const body = Buffer.from(await saml.metadata(), 'utf8');
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'public, max-age=3600', 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
    },

    /** `/interaction/:uid/sign-on`: back in the browser's own interaction, the sign-in finishes. */
    async complete(req: IncomingMessage, res: ServerResponse, interaction: Interaction, query: URLSearchParams, branding: Branding): Promise<void> {
      const accountId = await takeAnsweredSignOnAttempt(db, query.get('state') ?? '', interaction.uid);
      if (!accountId) return refuse(res, branding, 400, 'expired');
      await options.finish(req, res, interaction, accountId, branding);
    },
  };
}
