import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A company's own OpenID Connect provider (Okta, Entra ID, Keycloak... in production), run
// by a test as a second oidc-provider on loopback. Whoever the test names with `signInAs`
// is signed in at once when the built-in provider sends a browser here, and consents to
// `openid email profile`; the claims the test gives are what the provider asserts.

export interface CompanyPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface CompanyOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next sign-in here is made as. */
  signInAs(person: CompanyPerson): void;
  /** Every login_hint the built-in provider sent. */
  loginHints: string[];
  close(): Promise<void>;
}

export async function startCompanyOidcProvider(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<CompanyOidcProvider> {
  const clientId = options.clientId ?? 'talentplace';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const people = new Map<string, CompanyPerson>();
  let next: CompanyPerson | null = null;
  const loginHints: string[] = [];
  let provider: Provider | null = null;
  let callback: ReturnType<Provider['callback']> | null = null;

  const server: Server = createServer((req, res) => {
    const handle = async () => {
      if (!provider || !callback) return res.writeHead(503).end();
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (typeof details.params.login_hint === 'string') loginHints.push(details.params.login_hint);
        if (details.prompt.name === 'login') {
          if (!next) return res.writeHead(401, { 'content-type': 'text/plain' }).end('nobody to sign in');
          people.set(next.sub, next);
          return provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
        }
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      return callback(req, res);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  });
  callback = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      next = person;
    },
    loginHints,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
