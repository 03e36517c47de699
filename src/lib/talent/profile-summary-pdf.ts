import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { INTL_LOCALES } from '../format/locale';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { spokenLanguageName } from './spoken-language-name';
import { wrapText } from '../pdf/pdf-text';
import { levelInWords, periodInWords, profileSummaryOf, type SummarySource } from './profile-summary';

// The printable profile summary (/talent/profile-sum) as a PDF: what a company downloads
// with an application, drawn from the same summary (profileSummaryOf), in the embedded
// DejaVu fonts the invoices use (every name our users write has its letters).

export interface SummaryFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);

export async function drawProfileSummaryPdf(profile: SummarySource, fallbackName: string, fonts: SummaryFonts, t: Translate, language: Language): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const name = profile.profileName || fallbackName;
  pdf.setTitle(name);
  pdf.setLanguage(INTL_LOCALES[language]);
  const summary = profileSummaryOf(profile, language);

  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  /** Writes wrapped text, starting a page when the next line would not fit. */
  const write = (value: string, options: { font?: PDFFont; size?: number; grey?: boolean; gapAfter?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrapText(value, font, size, WIDTH)) {
      if (y - size < MARGIN) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: y - size, font, size, color: options.grey ? GREY : rgb(0, 0, 0) });
      y -= size * 1.35;
    }
    y -= options.gapAfter ?? 0;
  };
  const heading = (key: string) => {
    y -= 8;
    write(t(key), { font: bold, size: 13, gapAfter: 2 });
  };

  write(name, { font: bold, size: 20 });
  if (profile.jobTitle) write(profile.jobTitle, { size: 13 });
  if (profile.location) write(profile.location, { grey: true });
  if (profile.totalExperience !== null) write(t('forms.labelled', { label: t('profileSummary.totalExperience'), value: t('profileSummary.years', { count: profile.totalExperience }) }), { grey: true });
  if (profile.description) {
    heading('profileSummary.about');
    write(profile.description);
  }
  if (summary.skills.length) {
    heading('profileSummary.skills');
    write(summary.skills.map((skill) => [skill.name, levelInWords('skill', skill.level, t), skill.years !== null ? t('profileSummary.years', { count: skill.years }) : null].filter(Boolean).join(' · ')).join(', '));
  }
  if (summary.languages.length) {
    heading('profileSummary.languages');
    write(summary.languages.map((spoken) => [spokenLanguageName(spoken.language, language), levelInWords('language', spoken.level, t)].filter(Boolean).join(' · ')).join(', '));
  }
  if (summary.experience.length) {
    heading('profileSummary.experience');
    for (const entry of summary.experience) {
      write(entry.title ? `${entry.title}, ${entry.company}` : entry.company, { font: bold });
      const when = [periodInWords(entry.period, t), entry.location].filter(Boolean).join(' · ');
      if (when) write(when, { grey: true });
      if (entry.description) write(entry.description);
      y -= 4;
    }
  }
  if (summary.education.length) {
    heading('profileSummary.education');
    for (const entry of summary.education) {
      write(entry.school, { font: bold });
      const what = [[entry.degree, entry.field].filter(Boolean).join(', '), periodInWords(entry.period, t)].filter(Boolean).join(' · ');
      if (what) write(what, { grey: true });
      y -= 4;
    }
  }
  if (summary.certification.length) {
    heading('profileSummary.certification');
    for (const entry of summary.certification) write([entry.name, entry.issuer, entry.issuedAt].filter(Boolean).join(' · '));
  }
  if (summary.links.length) {
    heading('profileSummary.links');
    for (const link of summary.links) write(`${link.label}: ${link.url}`);
  }
  return pdf.save();
}
