import { mutate } from '../api/graphql-client';
import { SUBSCRIBE_PUSH_MUTATION, UNSUBSCRIBE_PUSH_MUTATION } from '../../lib/notifications/push-operations';
import { base64UrlBytes, pushDeviceState, type PushDeviceState } from '../../lib/notifications/push-subscription';
import { errorMessage } from '../../lib/text/error-message';

/** The service worker that shows pushes (public/push-worker.js), at the root so it covers the site. */
export const PUSH_WORKER_PATH = '/push-worker.js';

/**
 * `<tp-push-subscription data-public-key data-state-*>`: the site settings' push step
 * (components/account/PushSubscriptionStep.astro). Without script the element shows that the
 * step needs it, and the preferences table saves as ever. With it, the element says where
 * this browser stands (no Push API, notifications blocked, subscribed, not subscribed) and
 * offers the one button that changes it. A browser already subscribed is handed to the
 * server again on each visit: the push service may have renewed it, and the account signed
 * in now is the one whose pushes it receives.
 */
export class PushSubscriptionElement extends HTMLElement {
  private started = false;

  connectedCallback() {
    if (this.started) return;
    this.started = true;
    void this.start();
  }

  private get status(): HTMLElement | null {
    return this.querySelector('[data-push-status]');
  }

  private button(name: 'subscribe' | 'unsubscribe'): HTMLButtonElement | null {
    return this.querySelector(`button[data-push-${name}]`);
  }

  private show(state: PushDeviceState, note?: string) {
    this.dataset.pushState = state;
    const status = this.status;
    if (status) status.textContent = note ?? this.dataset[`state${state[0]!.toUpperCase()}${state.slice(1)}`] ?? '';
    const subscribe = this.button('subscribe');
    const unsubscribe = this.button('unsubscribe');
    if (subscribe) subscribe.hidden = state !== 'available';
    if (unsubscribe) unsubscribe.hidden = state !== 'subscribed';
  }

  private registered: Promise<ServiceWorkerRegistration> | null = null;

  /** The worker's registration, asked for once per page: each button then works on the same one. */
  private registration(): Promise<ServiceWorkerRegistration> {
    this.registered ??= navigator.serviceWorker.register(PUSH_WORKER_PATH, { scope: '/' }).then(() => navigator.serviceWorker.ready);
    return this.registered;
  }

  private async start() {
    const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
    if (!supported) return this.show('unsupported');
    try {
      const registration = await this.registration();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription && Notification.permission === 'granted') await this.keep(subscription);
      this.show(pushDeviceState({ supported, permission: Notification.permission, subscribed: subscription !== null }));
    } catch (error) {
      this.show('available', this.dataset.failed?.replace('{{reason}}', errorMessage(error)));
    }
    this.button('subscribe')?.addEventListener('click', () => void this.subscribe());
    this.button('unsubscribe')?.addEventListener('click', () => void this.unsubscribe());
  }

  /** Hands this browser's subscription to the server, which keeps it for the signed-in user. */
  private async keep(subscription: PushSubscription) {
    const json = subscription.toJSON();
    await mutate(SUBSCRIBE_PUSH_MUTATION, { data: { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  }

  private async subscribe() {
    const failed = (error: unknown) => this.show('available', this.dataset.failed?.replace('{{reason}}', errorMessage(error)));
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return this.show(permission === 'denied' ? 'denied' : 'available');
    let subscription: PushSubscription;
    try {
      const registration = await this.registration();
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(this.dataset.publicKey ?? '') as Uint8Array<ArrayBuffer> });
    } catch (error) {
      return failed(error);
    }
    try {
      await this.keep(subscription);
      this.show('subscribed');
    } catch (error) {
      // The server did not keep it: a browser subscription nobody pushes to is only misleading.
      await subscription.unsubscribe().catch(() => undefined);
      failed(error);
    }
  }

  private async unsubscribe() {
    try {
      const registration = await this.registration();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await mutate(UNSUBSCRIBE_PUSH_MUTATION, { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      this.show('available');
    } catch (error) {
      this.show('subscribed', this.dataset.unsubscribeFailed?.replace('{{reason}}', errorMessage(error)));
    }
  }
}

if (!customElements.get('tp-push-subscription')) customElements.define('tp-push-subscription', PushSubscriptionElement);
