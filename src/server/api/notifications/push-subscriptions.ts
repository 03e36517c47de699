import { and, eq, ne, sql } from 'drizzle-orm';
import { checkPushSubscription, MAX_ENDPOINT_LENGTH, PUSH_ERRORS } from '../../../lib/notifications/push-subscription';
import { webPushSubscription } from '../../db/schema';
import { builder } from '../builder';
import { ApiError, invalidFields } from '../errors';

// The browsers a user receives pushes on (the push channel of the site settings). Each
// operation acts on the caller's own subscriptions only; nothing takes a user id. Which
// events are pushed is the preferences' push column (event-push.ts).

const PushSubscriptionInput = builder.inputType('PushSubscriptionInput', {
  description: "A browser's push subscription, as PushSubscription.toJSON() gives it",
  fields: (t) => ({
    endpoint: t.string({ required: true, description: "The push service's https URL for this browser" }),
    p256dh: t.string({ required: true, description: "The browser's P-256 public key, base64url" }),
    auth: t.string({ required: true, description: "The browser's authentication secret, base64url" }),
  }),
});

builder.mutationField('subscribePush', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description:
      'Keeps this browser subscribed to your pushes (the event types whose push column is on in your settings). An endpoint already kept, for you or an account signed in before on the same browser, becomes yours with the new keys. Refused while someone acts as you: their browser would go on receiving your notifications',
    args: { data: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      if (viewer.actor) throw new ApiError('FORBIDDEN', 'Only the person themselves can subscribe a browser to their pushes, not someone acting as them', { reason: 'impersonating', httpStatus: 403 });
      const checked = checkPushSubscription(data);
      if (!checked.ok) throw invalidFields(checked.errors, PUSH_ERRORS);
      const { endpoint, p256dh, auth } = checked.value;
      await db
        .insert(webPushSubscription)
        .values({ userId: viewer.userId, endpoint, p256dh, auth })
        .onConflictDoUpdate({ target: webPushSubscription.endpoint, set: { userId: viewer.userId, p256dh, auth, updatedAt: sql`now()` } });
      return true;
    },
  }),
);

builder.mutationField('unsubscribePush', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: 'Stops pushes to this browser: true when one of your subscriptions had this endpoint, false otherwise (another account\'s is left alone)',
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: async (_root, { endpoint }, { db, viewer }) => {
      if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
      const removed = await db
        .delete(webPushSubscription)
        .where(and(eq(webPushSubscription.userId, viewer.userId), eq(webPushSubscription.endpoint, endpoint.trim())))
        .returning({ id: webPushSubscription.id });
      return removed.length > 0;
    },
  }),
);

builder.mutationField('renewPushSubscription', (t) =>
  t.boolean({
    description:
      "Moves a browser's pushes to the subscription its push service renewed (the service worker's pushsubscriptionchange, which runs without the page or its session): the subscription kept under oldEndpoint takes the new endpoint and keys, for the same user. The old endpoint, which only that browser and this server know, is the proof. True when one was kept under it, false otherwise (nothing changes)",
    args: { oldEndpoint: t.arg.string({ required: true }), data: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: async (_root, { oldEndpoint, data }, { db }) => {
      const checked = checkPushSubscription(data);
      if (!checked.ok) throw invalidFields(checked.errors, PUSH_ERRORS);
      if (oldEndpoint.length > MAX_ENDPOINT_LENGTH) return false;
      const { endpoint, p256dh, auth } = checked.value;
      return db.transaction(async (tx) => {
        const [kept] = await tx.select().from(webPushSubscription).where(eq(webPushSubscription.endpoint, oldEndpoint.trim())).for('update');
        if (!kept) return false;
        // The new endpoint may already be kept (the page handed it over first): one row stays, the user's.
        await tx.delete(webPushSubscription).where(and(eq(webPushSubscription.endpoint, endpoint), ne(webPushSubscription.id, kept.id)));
        await tx.update(webPushSubscription).set({ endpoint, p256dh, auth, updatedAt: sql`now()` }).where(eq(webPushSubscription.id, kept.id));
        return true;
      });
    },
  }),
);
