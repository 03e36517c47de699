// The push channel's service worker, registered by the site settings' push step
// (src/islands/account/push-subscription-element.ts) at the site's root, so its scope is
// the whole site. It shows the pushes the server sends (title, body and the path of their
// page: src/lib/notifications/push-subscription.ts) and opens that page when one is
// clicked. It caches nothing and answers no request: pages keep working as without it.

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path on this site, else the notification centre: a push never opens another site. */
function pagePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title ? message.title : self.location.hostname;
  const body = typeof message.body === 'string' ? message.body : '';
  event.waitUntil(self.registration.showNotification(title, { body, icon: '/favicon.svg', data: { url: pagePath(message.url) } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pagePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});

// The push service renewed this browser's subscription (it expired, or its keys changed):
// without the page or its session, the worker hands the new one over in the old one's
// place, which the server knows by its endpoint (renewPushSubscription). Sent without
// cookies: the old endpoint, known only to this browser and the server, is the proof.
const RENEW_PUSH_SUBSCRIPTION = 'mutation RenewPushSubscription($oldEndpoint: String!, $data: PushSubscriptionInput!) { renewPushSubscription(oldEndpoint: $oldEndpoint, data: $data) }';

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      if (!old) return;
      const renewed = event.newSubscription || (await self.registration.pushManager.subscribe(old.options));
      const keys = renewed.toJSON().keys || {};
      await fetch('/api/graphql', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: RENEW_PUSH_SUBSCRIPTION, variables: { oldEndpoint: old.endpoint, data: { endpoint: renewed.endpoint, p256dh: keys.p256dh || '', auth: keys.auth || '' } } }),
      });
    })(),
  );
});
