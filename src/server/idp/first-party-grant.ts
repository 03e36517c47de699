import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * oidc-provider's `loadExistingGrant` for a provider whose clients are all our own
 * (first-party): instead of asking the user to consent, the grant of the session (or a
 * new one) is extended with whatever the authorization request asks for, so that the
 * flow goes straight from sign-in back to the client.
 */
export function firstPartyGrantLoader(firstPartyClientIds: ReadonlySet<string>) {
  return async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const client = oidc.client;
    const accountId = oidc.session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (!firstPartyClientIds.has(client.clientId)) return grant;
    // A grant of another account (a different user signed in on this browser) is not reused.
    if (!grant || grant.accountId !== accountId || grant.clientId !== client.clientId) {
      grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
    }
    const oidcScopes = [...oidc.requestParamOIDCScopes];
    if (oidcScopes.length) grant.addOIDCScope(oidcScopes);
    const claims = [...oidc.requestParamClaims];
    if (claims.length) grant.addOIDCClaims(claims);
    for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
      const scopes = [...oidc.requestParamScopes].filter((scope) => resourceServer.scopes.has(scope));
      if (scopes.length) grant.addResourceScope(indicator, scopes);
    }
    await grant.save();
    return grant;
  };
}
