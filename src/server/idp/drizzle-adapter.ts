import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppDatabase } from '../db/client';
import { identityProviderState } from '../db/schema';

type StateRow = typeof identityProviderState.$inferSelect;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in the
 * `identity_provider_state` table, one adapter per model name, so that every instance
 * behind a load balancer sees the same state and a restart loses nothing.
 */
export class DrizzleAdapter implements Adapter {
  constructor(
    readonly model: string,
    private readonly db: AppDatabase,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // `consumed` lives in its own column only, so that consume() and upsert() agree.
    const { consumed, ...stored } = payload;
    const columns = {
      payload: stored as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: typeof consumed === 'number' ? new Date(consumed * 1000) : null,
    };
    await this.db
      .insert(identityProviderState)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({
        target: [identityProviderState.model, identityProviderState.id],
        set: { ...columns, updatedAt: new Date() },
      });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderState.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderState.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityProviderState.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(identityProviderState)
      .set({ consumedAt: new Date() })
      .where(and(eq(identityProviderState.model, this.model), eq(identityProviderState.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(identityProviderState)
      .where(and(eq(identityProviderState.model, this.model), eq(identityProviderState.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(identityProviderState)
      .where(and(eq(identityProviderState.model, this.model), eq(identityProviderState.grantId, grantId)));
  }

  /** Deletes expired rows of every model (not only this adapter's); resolves with how many. */
  deleteExpired(): Promise<number> {
    return deleteExpiredProviderState(this.db);
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(identityProviderState)
      .where(
        and(
          eq(identityProviderState.model, this.model),
          condition,
          // The application's clock on both sides (writes use it too), not the database's.
          or(isNull(identityProviderState.expiresAt), gt(identityProviderState.expiresAt, new Date())),
        ),
      )
      .limit(1);
    return row ? toPayload(row) : undefined;
  }
}

function toPayload(row: StateRow): AdapterPayload {
  const payload = { ...row.payload } as AdapterPayload;
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

/**
 * Expired rows are never found, but they stay until swept: the provider calls this
 * periodically. Rows without an expiry (the signing key) are kept.
 */
export async function deleteExpiredProviderState(db: AppDatabase): Promise<number> {
  const deleted = await db
    .delete(identityProviderState)
    .where(lte(identityProviderState.expiresAt, new Date()))
    .returning({ id: identityProviderState.id });
  return deleted.length;
}

/** The `adapter` option of oidc-provider: a factory, because the adapter needs the database. */
export function drizzleAdapterFactory(db: AppDatabase): (model: string) => DrizzleAdapter {
  return (model) => new DrizzleAdapter(model, db);
}
