import QRCode from 'qrcode';
import { dateTimeFormat } from '../../lib/format/locale';
import { escapeHtml } from './escape-html';
import type { Branding } from './page-branding';
import { cancelForm, field, layout, pageWords } from './pages';
import { groupedSecret } from './second-factor';

// The second factor's pages, in the look of the provider's other pages (pages.ts): no
// script, every value escaped, every text from identity.pages.secondFactor in the page's language.

/** A page's words: `t`, and `words`, an identity.pages.secondFactor text escaped for HTML. */
function secondFactorWords(branding: Branding) {
  const { t, text } = pageWords(branding);
  return { t, words: (key: string, values: Record<string, string | number> = {}) => text(`secondFactor.${key}`, values) };
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
const alert = (error: string | undefined) => (error ? `<p class="alert" role="alert" id="form-error">${escapeHtml(error)}</p>` : '');

/** Where a page's form posts, with the hidden fields it carries (the sign-in's step token). */
export interface SecondFactorForm {
  action: string;
  hidden?: Record<string, string>;
}

const hiddenFields = (form: SecondFactorForm) =>
  Object.entries(form.hidden ?? {})
    .map(([name, value]) => hidden(name, value))
    .join('\n');

/** The way out of a page: the sign-in's abort form, or a link back to the account page. */
export type SecondFactorExit = { abort: string } | { backUrl: string };

const exit = (branding: Branding, way: SecondFactorExit) =>
  'abort' in way ? cancelForm(branding, way.abort) : `<p class="switch"><a href="${escapeHtml(way.backUrl)}">${pageWords(branding).text('cancel')}</a></p>`;

/** The QR code of the otpauth:// URI as inline SVG (the page's CSP allows no script and no foreign image). */
export async function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export interface CodePageModel {
  form: SecondFactorForm;
  exit: SecondFactorExit;
  error?: string;
}

/** After the password: the app's code, or a recovery code. */
export function renderSecondFactorCodePage(branding: Branding, model: CodePageModel): string {
  const { t, words } = secondFactorWords(branding);
  const errorIds = model.error ? ['form-error'] : [];
  return layout(
    branding,
    t('identity.pages.secondFactor.code.title'),
    `<h1>${words('code.heading')}</h1>
${alert(model.error)}
<p>${words('code.lead')}</p>
<form method="post" action="${escapeHtml(model.form.action)}" novalidate>
${hiddenFields(model.form)}
${field({ id: 'code', label: t('identity.pages.secondFactor.code.label'), type: 'text', autocomplete: 'one-time-code', autofocus: true, hint: t('identity.pages.secondFactor.code.hint'), describedBy: errorIds, invalid: Boolean(model.error) })}
<button class="button primary" type="submit">${words('code.submit')}</button>
</form>
${exit(branding, model.exit)}`,
  );
}

export interface EnrolPageModel {
  form: SecondFactorForm;
  exit: SecondFactorExit;
  /** The otpauth:// URI, drawn as a QR code. */
  uri: string;
  secret: string;
  /** The account's role requires a second factor before it may sign in. */
  required: boolean;
  error?: string;
}

/** Enrolment: scan (or type) the secret, confirm with a current code. */
export async function renderSecondFactorEnrolPage(branding: Branding, model: EnrolPageModel): Promise<string> {
  const { t, words } = secondFactorWords(branding);
  const errorIds = model.error ? ['form-error'] : [];
  const svg = await qrCodeSvg(model.uri);
  return layout(
    branding,
    t('identity.pages.secondFactor.enrol.title'),
    `<h1>${words('enrol.heading')}</h1>
${alert(model.error)}
${model.required ? `<p>${words('enrol.required')}</p>` : ''}
<p>${words('enrol.scan')}</p>
<div class="qr" role="img" aria-label="${words('enrol.qrLabel')}">${svg}</div>
<p>${words('enrol.typeInstead')}</p>
<p class="secret" id="secret">${escapeHtml(groupedSecret(model.secret))}</p>
<form method="post" action="${escapeHtml(model.form.action)}" novalidate>
${hiddenFields(model.form)}
${field({ id: 'code', label: t('identity.pages.secondFactor.enrol.codeLabel'), type: 'text', autocomplete: 'one-time-code', inputmode: 'numeric', autofocus: !model.error, describedBy: errorIds, invalid: Boolean(model.error) })}
<button class="button primary" type="submit" name="intent" value="enable">${words('enrol.submit')}</button>
</form>
${exit(branding, model.exit)}`,
  );
}

export interface RecoveryCodesPageModel {
  codes: readonly string[];
  /** Where "Continue" goes: a form (the sign-in goes on) or a link (back to the account page). */
  next: { form: SecondFactorForm } | { href: string };
}

/** The ten recovery codes, shown this once. */
export function renderRecoveryCodesPage(branding: Branding, model: RecoveryCodesPageModel): string {
  const { t, words } = secondFactorWords(branding);
  const next =
    'form' in model.next
      ? `<form method="post" action="${escapeHtml(model.next.form.action)}">
${hiddenFields(model.next.form)}
<button class="button primary" type="submit">${words('recoveryCodes.continue')}</button>
</form>`
      : `<p><a class="button primary link-primary" href="${escapeHtml(model.next.href)}">${words('recoveryCodes.continue')}</a></p>`;
  return layout(
    branding,
    t('identity.pages.secondFactor.recoveryCodes.title'),
    `<h1>${words('recoveryCodes.heading')}</h1>
<p>${words('recoveryCodes.lead', { count: model.codes.length })}</p>
<ol class="codes" aria-label="${words('recoveryCodes.listLabel')}">${model.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ol>
${next}`,
  );
}

export interface SettingsPageModel {
  action: string;
  backUrl: string;
  enabledAt: Date;
  recoveryCodesLeft: number;
  /** The account's role requires the factor: it cannot be turned off, only replaced. */
  required: boolean;
  error?: string;
}

/** The factor is on: when since, the codes left, and turning it off (or replacing it). */
export function renderSecondFactorSettingsPage(branding: Branding, model: SettingsPageModel): string {
  const { t, words } = secondFactorWords(branding);
  const errorIds = model.error ? ['form-error'] : [];
  const since = dateTimeFormat(branding.language, { dateStyle: 'long', timeZone: 'UTC' }).format(model.enabledAt);
  return layout(
    branding,
    t('identity.pages.secondFactor.settings.title'),
    `<h1>${words('settings.heading')}</h1>
${alert(model.error)}
<p>${words('settings.onSince', { date: since })}</p>
<p>${words('settings.recoveryCodesLeft', { count: model.recoveryCodesLeft })}</p>
${model.required ? `<p>${words('settings.required')}</p>` : ''}
<form method="post" action="${escapeHtml(model.action)}" novalidate>
${field({ id: 'proof', label: t('identity.pages.secondFactor.settings.proofLabel'), type: 'password', autocomplete: 'off', hint: t('identity.pages.secondFactor.settings.proofHint'), describedBy: errorIds, invalid: Boolean(model.error) })}
${model.required ? '' : `<button class="button primary" type="submit" name="intent" value="disable">${words('settings.disable')}</button>`}
<button class="button primary" type="submit" name="intent" value="replace">${words('settings.replace')}</button>
</form>
<p class="switch"><a href="${escapeHtml(model.backUrl)}">${words('settings.back')}</a></p>`,
  );
}
