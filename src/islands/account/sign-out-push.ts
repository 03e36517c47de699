// Loaded on every signed-in page (components/shell/PhoneMenu.astro, which renders the
// sign-out forms' menu), never on a guest's. Signing out stops this browser's pushes: on a shared computer the next person must not
// read the last one's notifications. Before a sign-out form (`data-sign-out`) posts, the
// browser's push subscription, if it has one, is removed from the account (through the BFF,
// while the session still lasts) and from the browser's push service. Sign-out never waits
// on it for long: after SIGN_OUT_PUSH_WAIT_MS the form posts whatever came of it.

export const SIGN_OUT_PUSH_WAIT_MS = 2_000;

async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  // Loaded only here: most pages never sign out, and the shell stays light.
  const [{ mutate }, { UNSUBSCRIBE_PUSH_MUTATION }] = await Promise.all([import('../api/graphql-client'), import('../../lib/notifications/push-operations')]);
  await mutate(UNSUBSCRIBE_PUSH_MUTATION, { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
}

let started = false;

export function forgetPushOnSignOut(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-sign-out') || form.dataset.pushForgotten) return;
      event.preventDefault();
      form.dataset.pushForgotten = 'true';
      const waited = new Promise((resolve) => setTimeout(resolve, SIGN_OUT_PUSH_WAIT_MS));
      // form.submit() posts without a new submit event: this handler does not run twice.
      void Promise.race([unsubscribeThisBrowser().catch(() => undefined), waited]).finally(() => form.submit());
    },
    true,
  );
}

forgetPushOnSignOut();
