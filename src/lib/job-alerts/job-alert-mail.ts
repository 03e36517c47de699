import type { Translate } from '../i18n/i18n';
import { pathInLanguage } from '../i18n/language-path';
import type { Language } from '../i18n/namespaces';
import { jobAdPath } from '../job-ads/job-ad-path';
import { buildRoute } from '../routes/build-route';
import type { JobAlertFrequency } from './job-alert-input';
import { escapeHtml } from '../text/escape-html';

// The job alert digest mail: plain text and HTML from the locale files
// (jobAlerts.mail.*), the product's name, one line per ad, a link to the whole search and
// the unsubscribe link that the List-Unsubscribe header carries too (RFC 8058).

export interface DigestAd {
  id: string;
  title: string;
  /** Null for an anonymous ad: its company is not named in the mail either. */
  companyName: string | null;
  location: string | null;
}

export interface JobAlertDigestInput {
  label: string;
  query: string;
  frequency: JobAlertFrequency;
  ads: readonly DigestAd[];
  leftOut: number;
  unsubscribeUrl: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The unsubscribe page's address for a token: the mail's link and its List-Unsubscribe header. */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}${buildRoute('unsubscribe', { query: { token } })}`;
}

export function jobAlertDigestMail(input: JobAlertDigestInput, t: Translate, site: { origin: string; productName: string }, language: Language): DigestMail {
  const product = site.productName;
  // Every page it links to opens in the mail's language.
  const page = (path: string) => `${site.origin}${pathInLanguage(path, language)}`;
  const searchUrl = page(`${buildRoute('jobs')}${input.query ? `?${input.query}` : ''}`);
  const manageUrl = page(`${buildRoute('siteSettings')}#job-alerts`);
  const place = (ad: DigestAd) => [ad.companyName ?? t('jobAlerts.mail.anonymous'), ad.location].filter(Boolean).join(' · ');
  const subject = t('jobAlerts.mail.subject', { count: input.ads.length, label: input.label, product });
  const intro = t(input.frequency === 'weekly' ? 'jobAlerts.mail.introWeekly' : 'jobAlerts.mail.introDaily', { count: input.ads.length, label: input.label });
  const more = input.leftOut ? t('jobAlerts.mail.more', { count: input.leftOut }) : null;
  const why = t('jobAlerts.mail.why', { product, frequency: t(`jobAlerts.frequencies.${input.frequency}`) });

  const text = [
    intro,
    '',
    ...input.ads.flatMap((ad) => [`- ${ad.title} (${place(ad)})`, `  ${page(jobAdPath(ad))}`]),
    '',
    ...(more ? [more] : []),
    t('jobAlerts.mail.seeAll', { link: searchUrl }),
    '',
    why,
    t('jobAlerts.mail.manage', { link: manageUrl }),
    t('jobAlerts.mail.unsubscribe', { link: input.unsubscribeUrl }),
  ].join('\n');

  const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p><strong>${escapeHtml(product)}</strong></p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...input.ads.map((ad) => `<li>${link(page(jobAdPath(ad)), ad.title)}<br>${escapeHtml(place(ad))}</li>`),
    '</ul>',
    ...(more ? [`<p>${escapeHtml(more)}</p>`] : []),
    `<p>${link(searchUrl, t('jobAlerts.mail.seeAllLink'))}</p>`,
    `<p style="font-size:small;color:#555">${escapeHtml(why)}<br>${link(manageUrl, t('jobAlerts.mail.manageLink'))} · ${link(input.unsubscribeUrl, t('jobAlerts.mail.unsubscribeLink'))}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    subject,
    text: `${text}\n`,
    html,
    // RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" to this address.
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
