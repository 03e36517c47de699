import type { Middleware } from 'koa';

/**
 * oidc-provider follows OpenID Connect Core, "Offline Access", to the letter: `offline_access` is
 * dropped unless the request also says `prompt=consent`. Providers the BFF may use
 * instead (Auth0, Keycloak) issue refresh tokens without it. For our own clients, whose
 * consent is implied anyway (no screen), this adds `consent` to the prompt of an
 * authorization request asking for `offline_access`, so the BFF behaves the same with
 * every provider. `prompt=none` (no interaction possible) is left alone.
 */
export function offlineAccessImpliesConsent(firstPartyClientIds: ReadonlySet<string>): Middleware {
  return async function addConsentPrompt(ctx, next) {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const { scope, prompt, client_id: clientId } = ctx.query;
      // Repeated parameters are oidc-provider's to reject; only single values are touched.
      const single = typeof scope === 'string' && typeof clientId === 'string' && (prompt === undefined || typeof prompt === 'string');
      if (single && firstPartyClientIds.has(clientId) && scope.split(' ').includes('offline_access')) {
        const prompts = new Set((prompt ?? '').split(' ').filter(Boolean));
        if (!prompts.has('none') && !prompts.has('consent')) {
          prompts.add('consent');
          ctx.query = { ...ctx.query, prompt: [...prompts].join(' ') };
        }
      }
    }
    await next();
  };
}
