import { Browser, parsePage } from '../integration/idp/browser';

/**
 * Signs a new account up through the product's own /sign-up, the built-in provider's
 * form and the callback, like a person would, and returns the browser holding the session.
 */
export async function signUpThroughProduct(origin: string, options: { name?: string; email?: string; password?: string } = {}) {
  const browser = new Browser();
  const email = options.email ?? `user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = options.password ?? 'correct-horse-battery';
  const signUpPage = await browser.follow(`${origin}/sign-up`, () => false);
  const form = parsePage(signUpPage.html).forms.find((candidate) => candidate.action?.includes('signup'));
  if (!form?.action) throw new Error(`no sign-up form at ${signUpPage.url.href}: ${signUpPage.status}`);
  const landed = await browser.follow(new URL(form.action, signUpPage.url), () => false, {
    form: { ...form.hidden, name: options.name ?? 'Test User', email, password },
  });
  return { browser, email, password, landed };
}

/** The anti-forgery token the product's pages carry for islands. */
export function csrfTokenOf(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]+)"/.exec(html);
  if (!match) throw new Error('no csrf-token meta tag on the page');
  return match[1]!;
}
