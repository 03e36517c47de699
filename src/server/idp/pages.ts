import { THEME_COLORS } from '../../lib/theme/colors';
import { escapeHtml } from './escape-html';
import { wordsOf, type Branding } from './page-branding';
import { PASSWORD_MIN_LENGTH } from './sign-up-validation';

// The provider's own pages (sign-in, sign-up, sign-out, errors): server-rendered HTML
// with inline CSS, no script, in the product's look. Every interpolated value is escaped;
// every text comes from the locale files (identity.pages), like the product's pages, in
// the page's language (branding.language).

/** A page's words in its language: `t`, and `text`, an identity.pages text escaped for HTML. */
export function pageWords(branding: Branding) {
  const t = wordsOf(branding);
  return { t, text: (key: string, values: Record<string, string | number> = {}) => escapeHtml(t(`identity.pages.${key}`, values)) };
}

// Colours from the product's theme, each in the role the product's own classes give it:
// card lines gray-200, field borders gray-500 (fieldBoxClass), hints gray-600
// (FieldMessages), form errors status.rejected on red-50 with a 30% border (the pages' alerts).
const { foreground, gray, red, primary, status, background } = THEME_COLORS;
const alertBorder = `color-mix(in oklab, ${status.rejected} 30%, transparent)`;
const cardShadow = `color-mix(in oklab, ${foreground} 8%, transparent)`;

const styles = `
*,*::before,*::after{box-sizing:border-box}
html{background:${background}}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
font:12px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:${foreground};background:${background}}
main{width:100%;max-width:360px;padding:32px 28px;background:#fff;border:1px solid ${gray[200]};border-radius:8px;box-shadow:0 1px 3px ${cardShadow}}
.brand{margin:0 0 12px;font-size:16px;font-weight:700;color:${primary.DEFAULT};text-align:center}
h1{margin:0 0 20px;font-size:18px;font-weight:600;line-height:1.3;text-align:center}
p{margin:0 0 12px}
.field{margin:0 0 14px}
label{display:block;margin:0 0 4px;font-weight:600}
input{display:block;width:100%;height:36px;padding:0 10px;font:inherit;font-size:14px;color:inherit;background:#fff;border:1px solid ${gray[500]};border-radius:6px}
input:focus{outline:2px solid ${primary.DEFAULT};outline-offset:1px;border-color:${primary.DEFAULT}}
input[aria-invalid="true"]{border-color:${status.rejected}}
.hint{margin:4px 0 0;color:${gray[600]}}
.field-error{margin:4px 0 0;color:${status.rejected};font-weight:600}
.alert{margin:0 0 16px;padding:8px 12px;color:${status.rejected};background:${red[50]};border:1px solid ${alertBorder};border-radius:6px}
.alert ul{margin:4px 0 0;padding-left:18px}
.alert a{color:${status.rejected}}
.button{display:block;width:100%;height:36px;margin:4px 0 0;padding:0 12px;font:inherit;font-weight:600;border-radius:6px;cursor:pointer}
.primary{color:${primary.contrast};background:${primary.DEFAULT};border:1px solid ${primary.DEFAULT}}
.primary:hover{background:${primary.dark};border-color:${primary.dark}}
.link-primary{display:flex;align-items:center;justify-content:center;color:${primary.contrast};text-decoration:none}
.button:focus-visible,.link-button:focus-visible,a:focus-visible{outline:2px solid ${primary.DEFAULT};outline-offset:2px}
.switch{margin:18px 0 0;text-align:center}
.cancel{margin:8px 0 0;text-align:center}
.link-button{padding:0;font:inherit;color:${gray[600]};text-decoration:underline;background:none;border:0;cursor:pointer}
a{color:${primary.DEFAULT}}
.detail{color:${gray[600]};overflow-wrap:anywhere}
.qr{display:block;width:200px;height:200px;margin:0 auto 12px}
.qr svg{display:block;width:100%;height:100%}
.secret{font:600 14px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.codes{margin:0 0 16px;padding-left:28px;columns:2;font:600 14px/1.8 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
`;

export function layout(branding: Branding, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${branding.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(branding.productName)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<p class="brand" translate="no">${escapeHtml(branding.productName)}</p>
${body}
</main>
</body>
</html>`;
}

export interface FieldOptions {
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value?: string;
  autocomplete: string;
  autofocus?: boolean;
  hint?: string;
  error?: string;
  /** Ids of messages elsewhere on the page that describe this field too (a form-level error). */
  describedBy?: string[];
  invalid?: boolean;
  /** Typing help for phones (a code of digits). */
  inputmode?: 'numeric';
}

export function field(options: FieldOptions): string {
  const hintId = options.hint ? `${options.id}-hint` : null;
  const errorId = options.error ? `${options.id}-error` : null;
  const describedBy = [hintId, errorId, ...(options.describedBy ?? [])].filter(Boolean).join(' ');
  const attributes = [
    `id="${escapeHtml(options.id)}"`,
    `name="${escapeHtml(options.id)}"`,
    `type="${options.type}"`,
    `autocomplete="${escapeHtml(options.autocomplete)}"`,
    'required',
    options.value !== undefined ? `value="${escapeHtml(options.value)}"` : '',
    options.autofocus ? 'autofocus' : '',
    describedBy ? `aria-describedby="${escapeHtml(describedBy)}"` : '',
    options.error || options.invalid ? 'aria-invalid="true"' : '',
    options.type === 'email' ? 'spellcheck="false" autocapitalize="none"' : '',
    options.inputmode ? `inputmode="${options.inputmode}"` : '',
  ].filter(Boolean);
  return [
    '<div class="field">',
    `<label for="${escapeHtml(options.id)}">${escapeHtml(options.label)}</label>`,
    `<input ${attributes.join(' ')}>`,
    hintId ? `<p class="hint" id="${hintId}">${escapeHtml(options.hint)}</p>` : '',
    errorId ? `<p class="field-error" id="${errorId}">${escapeHtml(options.error)}</p>` : '',
    '</div>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function cancelForm(branding: Branding, action: string): string {
  const { text } = pageWords(branding);
  return `<form class="cancel" method="post" action="${escapeHtml(action)}"><button class="link-button" type="submit">${text('cancel')}</button></form>`;
}

export interface InteractionLinks {
  /** Where the form posts. */
  submit: string;
  /** The other form of the same interaction (sign-up from sign-in and back). */
  switchTo: string;
  abort: string;
  /** The password reset page (password-reset.ts), outside the interaction: its mail may be opened anywhere. */
  passwordReset: string;
  /** The password step of the same interaction (from the e-mail step: a person whose company's provider they cannot use). */
  password?: string;
}

export interface LoginPageModel {
  links: InteractionLinks;
  email?: string;
  error?: string;
}

/**
 * Signing in, in two steps. First the address alone ('email'): a company's proven domain
 * goes on to its identity provider, every other address to the password step (the same
 * form can carry a password too: a password manager that fills both signs in at once).
 * Then the password ('password'), the whole sign-in for an address with no company provider.
 */
function renderSignInStep(branding: Branding, model: LoginPageModel, step: 'email' | 'password'): string {
  const { t, text } = pageWords(branding);
  const errorIds = model.error ? ['form-error'] : [];
  const invalid = Boolean(model.error);
  // The address is known from the first step: the cursor waits in the password.
  const focusPassword = step === 'password' && Boolean(model.email) && !model.error;
  const email = field({ id: 'email', label: t('identity.pages.email'), type: 'email', value: model.email ?? '', autocomplete: 'username', autofocus: !focusPassword, hint: step === 'email' ? t('identity.pages.signIn.emailHint') : undefined, describedBy: errorIds, invalid });
  const fields =
    step === 'email' ? email : `${email}\n${field({ id: 'password', label: t('identity.pages.password'), type: 'password', autocomplete: 'current-password', autofocus: focusPassword, describedBy: errorIds, invalid })}`;
  const usePassword = step === 'email' && model.links.password ? `<p class="switch"><a href="${escapeHtml(model.links.password)}">${text('signIn.usePassword')}</a></p>\n` : '';
  return layout(
    branding,
    t('identity.pages.signIn.title'),
    `<h1>${text('signIn.heading')}</h1>
${model.error ? `<p class="alert" role="alert" id="form-error">${escapeHtml(model.error)}</p>` : ''}
<form method="post" action="${escapeHtml(model.links.submit)}" novalidate>
${fields}
<button class="button primary" type="submit">${text(step === 'email' ? 'signIn.continue' : 'signIn.submit')}</button>
</form>
${usePassword}<p class="switch"><a href="${escapeHtml(model.links.passwordReset)}">${text('signIn.forgotPassword')}</a></p>
<p class="switch">${text('signIn.switchLead', { productName: branding.productName })} <a href="${escapeHtml(model.links.switchTo)}">${text('signIn.switchLink')}</a></p>
${cancelForm(branding, model.links.abort)}`,
  );
}

export const renderEmailPage = (branding: Branding, model: LoginPageModel): string => renderSignInStep(branding, model, 'email');
export const renderLoginPage = (branding: Branding, model: LoginPageModel): string => renderSignInStep(branding, model, 'password');

export interface SignUpPageModel {
  links: InteractionLinks;
  name?: string;
  email?: string;
  fieldErrors?: Partial<Record<'name' | 'email' | 'password', string>>;
}

export function renderSignUpPage(branding: Branding, model: SignUpPageModel): string {
  const { t, text } = pageWords(branding);
  const errors = model.fieldErrors ?? {};
  const listed = (['name', 'email', 'password'] as const).filter((key) => errors[key]);
  const summary = listed.length
    ? `<div class="alert" role="alert"><p>${text('signUp.checkFollowing')}</p><ul>${listed
        .map((key) => `<li><a href="#${key}">${escapeHtml(errors[key])}</a></li>`)
        .join('')}</ul></div>`
    : '';
  return layout(
    branding,
    t('identity.pages.signUp.title'),
    `<h1>${text('signUp.heading')}</h1>
${summary}
<form method="post" action="${escapeHtml(model.links.submit)}" novalidate>
${field({ id: 'name', label: t('identity.pages.name'), type: 'text', value: model.name ?? '', autocomplete: 'name', autofocus: true, error: errors.name })}
${field({ id: 'email', label: t('identity.pages.email'), type: 'email', value: model.email ?? '', autocomplete: 'email', error: errors.email })}
${field({ id: 'password', label: t('identity.pages.password'), type: 'password', autocomplete: 'new-password', hint: t('identity.pages.signUp.passwordHint', { count: PASSWORD_MIN_LENGTH }), error: errors.password })}
<button class="button primary" type="submit">${text('signUp.submit')}</button>
</form>
<p class="switch">${text('signUp.switchLead')} <a href="${escapeHtml(model.links.switchTo)}">${text('signUp.switchLink')}</a></p>
${cancelForm(branding, model.links.abort)}`,
  );
}

export interface PasswordResetRequestModel {
  /** Where the form posts (the reset page itself). */
  action: string;
  email?: string;
  error?: string;
}

/** Asks for the address a reset link goes to. */
export function renderPasswordResetRequestPage(branding: Branding, model: PasswordResetRequestModel): string {
  const { t, text } = pageWords(branding);
  return layout(
    branding,
    t('identity.pages.passwordReset.request.title'),
    `<h1>${text('passwordReset.request.heading')}</h1>
<p>${text('passwordReset.request.lead')}</p>
<form method="post" action="${escapeHtml(model.action)}" novalidate>
${field({ id: 'email', label: t('identity.pages.email'), type: 'email', value: model.email ?? '', autocomplete: 'username', autofocus: true, error: model.error })}
<button class="button primary" type="submit">${text('passwordReset.request.submit')}</button>
</form>
<p class="switch"><a href="${escapeHtml(branding.signInUrl)}">${text('signUp.switchLink')}</a></p>`,
  );
}

export interface NewPasswordModel {
  action: string;
  /** The reset link's token, posted back with the new password. */
  token: string;
  error?: string;
}

/** The new password, from a reset link. */
export function renderNewPasswordPage(branding: Branding, model: NewPasswordModel): string {
  const { t, text } = pageWords(branding);
  return layout(
    branding,
    t('identity.pages.passwordReset.choose.title'),
    `<h1>${text('passwordReset.choose.heading')}</h1>
<p>${text('passwordReset.choose.lead')}</p>
<form method="post" action="${escapeHtml(model.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(model.token)}">
${field({ id: 'password', label: t('identity.pages.password'), type: 'password', autocomplete: 'new-password', autofocus: true, hint: t('identity.pages.signUp.passwordHint', { count: PASSWORD_MIN_LENGTH }), error: model.error })}
<button class="button primary" type="submit">${text('passwordReset.choose.submit')}</button>
</form>`,
  );
}

export interface PasswordChangeModel {
  action: string;
  /** Where "Cancel" leads: the product's account page. */
  backUrl: string;
  fieldErrors?: Partial<Record<'current' | 'password', string>>;
}

/** A signed-in user's new password, with the current one. */
export function renderPasswordChangePage(branding: Branding, model: PasswordChangeModel): string {
  const { t, text } = pageWords(branding);
  const errors = model.fieldErrors ?? {};
  return layout(
    branding,
    t('identity.pages.passwordChange.title'),
    `<h1>${text('passwordChange.heading')}</h1>
<p>${text('passwordChange.lead')}</p>
<form method="post" action="${escapeHtml(model.action)}" novalidate>
${field({ id: 'current', label: t('identity.pages.passwordChange.current'), type: 'password', autocomplete: 'current-password', autofocus: true, error: errors.current })}
${field({ id: 'password', label: t('identity.pages.passwordChange.new'), type: 'password', autocomplete: 'new-password', hint: t('identity.pages.signUp.passwordHint', { count: PASSWORD_MIN_LENGTH }), error: errors.password })}
<button class="button primary" type="submit">${text('passwordChange.submit')}</button>
</form>
<p class="switch"><a href="${escapeHtml(model.backUrl)}">${text('cancel')}</a></p>`,
  );
}

export interface MessagePageModel {
  title: string;
  message: string;
  /** Technical detail for support, shown small (e.g. the OAuth error description). */
  detail?: string;
  /** The one thing to do next, as a button-like link (default: back to the product). */
  link?: { href: string; text: string };
}

export function renderMessagePage(branding: Branding, model: MessagePageModel): string {
  const { text } = pageWords(branding);
  return layout(
    branding,
    model.title,
    `<h1>${escapeHtml(model.title)}</h1>
<p>${escapeHtml(model.message)}</p>
${model.detail ? `<p class="detail">${escapeHtml(model.detail)}</p>` : ''}
${model.link ? `<p><a class="button primary link-primary" href="${escapeHtml(model.link.href)}">${escapeHtml(model.link.text)}</a></p>` : ''}
<p class="switch"><a href="${escapeHtml(branding.homeUrl)}">${text('backTo', { productName: branding.productName })}</a></p>`,
  );
}

/** The one script any provider page runs; its hash is the only script the CSP allows. */
export const LOGOUT_AUTO_SUBMIT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

/**
 * The provider's sign-out confirmation. `form` is oidc-provider's hidden form (id
 * `op.logoutForm`, carrying its anti-forgery value); the button submits it with
 * `logout=yes`, which ends the provider session too. When our own app sent the user here
 * with an ID token hint, the user already confirmed by pressing Logout (a POST with an
 * anti-forgery token), so the form submits itself; without a hint (a bare link from
 * anywhere) the user is asked, which keeps cross-site sign-out links harmless.
 */
export function renderLogoutPage(branding: Branding, form: string, options: { confirmed?: boolean } = {}): string {
  const { t, text } = pageWords(branding);
  const autoSubmit = options.confirmed
    ? `<input type="hidden" name="logout" value="yes" form="op.logoutForm">
<script>${LOGOUT_AUTO_SUBMIT_SCRIPT}</script>`
    : '';
  return layout(
    branding,
    t('identity.pages.signOut.title'),
    `<h1>${text('signOut.heading', { productName: branding.productName })}</h1>
${form}
${autoSubmit}
<button class="button primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${text('signOut.submit')}</button>
<p class="switch"><a href="${escapeHtml(branding.homeUrl)}">${text('backTo', { productName: branding.productName })}</a></p>`,
  );
}
