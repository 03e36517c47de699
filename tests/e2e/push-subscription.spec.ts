import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { e2eDatabaseReachable, pushEndpointsOf } from './support/e2e-database';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The site settings' push step in Chromium: the service worker at the site's root, and the
// step's states. Chromium's own push service (Firebase Cloud Messaging) cannot be reached
// from these machines (no network, and the suite runs Chromium with background networking
// off), so PushManager.subscribe fails in the real browser: the first test checks every
// step up to that call and that the failure is said. The others stand in for the browser's
// push service with an init script (a PushSubscription with valid keys) and check the rest
// for real: the page's element, the API through the BFF proxy, the stored row. Delivery to
// a push service is the loopback integration test (tests/integration/api/notifications/web-push.test.ts).

const STATUS = {
  off: 'Push notifications are off for this device.',
  on: 'Push notifications are on for this device.',
  denied: "Notifications are blocked for this site in your browser. Allow them in the browser's settings for this site, then reload this page.",
  unsupported: 'This browser cannot receive push notifications.',
  noScript: 'Turning push on for a device needs JavaScript in this browser. The table below saves without it.',
};

const step = (page: Page) => page.getByRole('region', { name: 'Push notifications on this device' });
const turnOn = (page: Page) => step(page).getByRole('button', { name: 'Turn on push for this device' });
const turnOff = (page: Page) => step(page).getByRole('button', { name: 'Turn off push for this device' });

/** The browser's push service stood in for: subscribe answers a subscription with real-sized keys, kept across reloads of the tab. */
function standInPushService({ endpoint: url }: { endpoint: string }) {
  const key = btoa(String.fromCharCode(4, ...Array.from({ length: 64 }, (_, index) => index + 1))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const auth = btoa(String.fromCharCode(...Array.from({ length: 16 }, (_, index) => 200 + index))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const made = () => ({
    endpoint: url,
    toJSON: () => ({ endpoint: url, keys: { p256dh: key, auth } }),
    unsubscribe: async () => {
      sessionStorage.removeItem('stand-in-push');
      return true;
    },
  });
  PushManager.prototype.subscribe = async function () {
    sessionStorage.setItem('stand-in-push', url);
    return made() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return (sessionStorage.getItem('stand-in-push') ? made() : null) as unknown as PushSubscription | null;
  };
}

test.describe('push notifications on this device (site settings)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the service worker is served from the root and registered for the whole site; the real push service is out of reach, and that is said', async ({ page, context, baseURL }) => {
    const worker = await page.request.get('/push-worker.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['content-security-policy']).toContain("default-src 'self'");

    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signInAs(page, DEMO_TALENT, '/site-settings');
    await expect(step(page).getByRole('status')).toHaveText(STATUS.off);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.ready;
      return { scope: found.scope, script: found.active?.scriptURL ?? null };
    });
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/push-worker.js` });
    await expect(turnOff(page)).toBeHidden();

    await turnOn(page).click();
    // Chromium asks its push service for a subscription, which these machines cannot reach.
    await expect(step(page).getByRole('status')).toHaveText(/^Push could not be turned on for this device: .+/, { timeout: 30_000 });
    await expect(turnOn(page)).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBeNull();
  });

  test('subscribes this device and unsubscribes it again, with the browser push service stood in; the server keeps the subscription meanwhile', async ({ page, context, baseURL }) => {
    const endpoint = `https://push.example.test/e2e-${Date.now()}`;
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await context.addInitScript(standInPushService, { endpoint });
    await signInAs(page, DEMO_TALENT, '/site-settings');
    await expect(step(page).getByRole('status')).toHaveText(STATUS.off);
    await expectNoAxeViolations(page);

    await turnOn(page).click();
    await expect(step(page).getByRole('status')).toHaveText(STATUS.on);
    await expect(turnOff(page)).toBeVisible();
    await expect(turnOn(page)).toBeHidden();
    if (e2eDatabaseReachable()) expect(await pushEndpointsOf(DEMO_TALENT)).toContain(endpoint);

    await page.reload();
    await expect(step(page).getByRole('status')).toHaveText(STATUS.on);
    await expectFitsPhoneWidth(page);

    await turnOff(page).click();
    await expect(step(page).getByRole('status')).toHaveText(STATUS.off);
    await expect(turnOn(page)).toBeVisible();
    if (e2eDatabaseReachable()) expect(await pushEndpointsOf(DEMO_TALENT)).not.toContain(endpoint);
  });

  test('signing out stops this browser receiving the pushes of the account: the server forgets the subscription and the browser drops it', async ({ page, context, baseURL }) => {
    const endpoint = `https://push.example.test/e2e-sign-out-${Date.now()}`;
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await context.addInitScript(standInPushService, { endpoint });
    const email = await signUpNewAccount(page, 'Sally Shared', newEmail('push-sign-out'));
    await page.goto('/site-settings');
    await turnOn(page).click();
    await expect(step(page).getByRole('status')).toHaveText(STATUS.on);
    if (e2eDatabaseReachable()) expect(await pushEndpointsOf(email)).toContain(endpoint);

    await page.getByRole('button', { name: 'Account menu' }).first().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('stand-in-push'))).toBeNull();
    if (e2eDatabaseReachable()) expect(await pushEndpointsOf(email)).not.toContain(endpoint);
  });

  test('says so when notifications are blocked for the site, and offers no button', async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      Notification.requestPermission = async () => 'denied';
    });
    await signInAs(page, DEMO_TALENT, '/site-settings');
    await expect(step(page).getByRole('status')).toHaveText(STATUS.denied);
    await expect(turnOn(page)).toBeHidden();
    await expect(turnOff(page)).toBeHidden();
  });

  test('says so in a browser without the Push API', async ({ page, context }) => {
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await signInAs(page, DEMO_TALENT, '/site-settings');
    await expect(step(page).getByRole('status')).toHaveText(STATUS.unsupported);
    await expect(turnOn(page)).toBeHidden();
  });

  test('without JavaScript the step says it needs it, and the table is there to save', async ({ page, browser, baseURL }) => {
    await signInAs(page, DEMO_TALENT, '/site-settings');
    const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const plain = await noJs.newPage();
      await plain.goto('/site-settings');
      await expect(step(plain).getByRole('status')).toHaveText(STATUS.noScript);
      await expect(turnOn(plain)).toBeHidden();
      await expect(plain.getByRole('button', { name: 'Save settings' })).toBeVisible();
    } finally {
      await noJs.close();
    }
  });
});
