// Writes the CV corpus of the CV import (tests/fixtures/cvs/): fictional people, each CV
// rendered as a PDF (@cantoo/pdf-lib, standard fonts) or a DOCX (docx), in one of several
// layouts, with `<name>.expected.json` beside it: what a careful person would type into the
// profile from that CV. The expected values come from the same description as the file,
// so a date written as a year alone is expected as that year's January 1st, and a skill
// counts only when it names (or is a plain alias or French name of) a seeded skill label.
//   node scripts/make-cv-corpus.mjs
// Read by tests/unit/cv-import/cv-corpus.test.ts and bench/cv-import.mjs.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { PEOPLE as FIRST_PEOPLE } from './cv-corpus-people.mjs';
import { HARDER_PEOPLE } from './cv-corpus-harder-people.mjs';
import { AlignmentType, BorderStyle, Document, Header, Packer, Paragraph, Table, TableCell, TableRow, TabStopType, TextRun, WidthType } from 'docx';

const OUT = path.resolve(import.meta.dirname, '../tests/fixtures/cvs');

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  enShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  frShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const pad = (n) => String(n).padStart(2, '0');
const iso = ([year, month]) => `${year}-${pad(month ?? 1)}-01`;

/** Date styles: each renders a period and says what it lets a reader know (a month, or the year alone). */
const DATE_STYLES = {
  monYear: { months: true, text: (s, e) => `${MONTHS.enShort[s[1] - 1]} ${s[0]} – ${e === 'current' ? 'Present' : `${MONTHS.enShort[e[1] - 1]} ${e[0]}`}` },
  monthYear: { months: true, text: (s, e) => `${MONTHS.en[s[1] - 1]} ${s[0]} - ${e === 'current' ? 'present' : `${MONTHS.en[e[1] - 1]} ${e[0]}`}` },
  numeric: { months: true, text: (s, e, fr) => `${pad(s[1])}/${s[0]} – ${e === 'current' ? (fr ? 'présent' : 'Present') : `${pad(e[1])}/${e[0]}`}` },
  years: { months: false, text: (s, e, fr) => `${s[0]}–${e === 'current' ? (fr ? "aujourd'hui" : 'present') : e[0]}` },
  since: { months: false, text: (s, e, fr) => (e === 'current' ? `${fr ? 'Depuis' : 'Since'} ${s[0]}` : `${s[0]} ${fr ? 'à' : 'to'} ${e[0]}`) },
  isoMonth: { months: true, text: (s, e) => `${s[0]}-${pad(s[1])} – ${e === 'current' ? 'now' : `${e[0]}-${pad(e[1])}`}` },
  moisAnnee: { months: true, text: (s, e) => `${capital(MONTHS.fr[s[1] - 1])} ${s[0]} - ${e === 'current' ? "Aujourd'hui" : `${capital(MONTHS.fr[e[1] - 1])} ${e[0]}`}` },
  depuis: { months: true, text: (s, e) => (e === 'current' ? `Depuis ${MONTHS.fr[s[1] - 1]} ${s[0]}` : `De ${MONTHS.fr[s[1] - 1]} ${s[0]} à ${MONTHS.fr[e[1] - 1]} ${e[0]}`) },
  abbr: { months: true, text: (s, e) => `${MONTHS.frShort[s[1] - 1]} ${s[0]} – ${e === 'current' ? 'à ce jour' : `${MONTHS.frShort[e[1] - 1]} ${e[0]}`}` },
};

function period(style, start, end, fr) {
  const { months, text } = DATE_STYLES[style];
  const cut = (date) => (months ? date : [date[0]]);
  return {
    text: text(start, end, fr),
    startDate: iso(cut(start)),
    endDate: end === 'current' ? null : iso(cut(end)),
    current: end === 'current',
  };
}

const HEADINGS = {
  en: { summary: 'Summary', experience: 'Professional Experience', education: 'Education', skills: 'Skills', languages: 'Languages', contact: 'Contact', interests: 'Interests' },
  en2: { summary: 'Profile', experience: 'Work Experience', education: 'Education & Training', skills: 'Technical Skills', languages: 'Languages', contact: 'Contact details', interests: 'Hobbies' },
  fr: { summary: 'Profil', experience: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences', languages: 'Langues', contact: 'Coordonnées', interests: "Centres d'intérêt" },
  fr2: { summary: 'À propos', experience: 'Expériences professionnelles', education: 'Diplômes et formations', skills: 'Compétences techniques', languages: 'Langues', contact: 'Contact', interests: 'Loisirs' },
};


const PEOPLE = [...FIRST_PEOPLE, ...HARDER_PEOPLE];

// ---- Rendering to lines: the structure a layout gives a CV, format-independent. ----
// A line: { text, kind: 'name'|'title'|'heading'|'text'|'bullet', right?: string (right-aligned part), column?: 'side' }.

const HEADING_ORDER = ['summary', 'experience', 'education', 'skills', 'languages', 'interests', 'contact'];

function headingText(person, key) {
  let text = HEADINGS[person.headings][key];
  if (person.caps) text = text.toUpperCase();
  if (person.numbered) text = `${HEADING_ORDER.indexOf(key) + 1}. ${text}`;
  if (person.colon) text = `${text}${person.lang === 'fr' ? ' :' : ':'}`;
  return text;
}

function linkText(url) {
  return url.replace(/^https:\/\/(www\.)?/, '');
}

function contactLines(person, labeled) {
  const fr = person.lang === 'fr';
  if (!labeled) {
    const lines = [{ text: [person.email, person.phone, person.location].join(' · '), kind: 'text' }];
    if (person.links.length > 0) lines.push({ text: person.links.map(linkText).join(' | '), kind: 'text' });
    return lines;
  }
  return [
    { text: `${fr ? 'E-mail' : 'Email'}: ${person.email}`, kind: 'text' },
    { text: `${fr ? 'Tél.' : 'Phone'}: ${person.phone}`, kind: 'text' },
    { text: `${fr ? 'Adresse' : 'Location'}: ${person.location}`, kind: 'text' },
    ...person.links.map((url) => ({ text: linkText(url), kind: 'text' })),
  ];
}

function entryLines(person, entry, fr) {
  const when = period(person.dates, entry.start, entry.end, fr);
  const where = entry.location ? `, ${entry.location}` : '';
  const bullets = person.prose ? [{ text: entry.bullets.join(' '), kind: 'text' }] : entry.bullets.map((text) => ({ text, kind: 'bullet' }));
  switch (person.entry) {
    case 'inlineParens':
      return [{ text: `${entry.title}, ${entry.company} (${when.text})`, kind: 'strong' }, ...bullets];
    case 'companyDatesThenTitle':
      return [{ text: entry.company.toUpperCase(), kind: 'strong', right: when.text }, { text: entry.title, kind: 'text' }, ...bullets];
    case 'titleAtCompany':
      return [{ text: person.lang === 'en' && entry.title.length % 2 === 0 ? `${entry.title} at ${entry.company}` : `${entry.title} — ${entry.company}`, kind: 'strong' }, { text: when.text, kind: 'text' }, ...bullets];
    case 'companyThenTitle':
      return [{ text: entry.company, kind: 'strong' }, { text: entry.title, kind: 'text' }, { text: when.text, kind: 'text' }, ...bullets];
    case 'titleTabDates':
      return [{ text: entry.title, kind: 'strong', right: when.text }, { text: `${entry.company}${where}`, kind: 'text' }, ...bullets];
    case 'datesFirst':
      return [{ text: when.text, kind: 'text' }, { text: `${entry.title}, ${entry.company}`, kind: 'strong' }, ...bullets];
    case 'oneLine':
      return [{ text: `${entry.company} | ${entry.title} | ${when.text}`, kind: 'strong' }, ...bullets];
    default:
      throw new Error(`unknown entry layout ${person.entry}`);
  }
}

function educationLines(person, entry, fr) {
  const when = period('years', entry.start, entry.end, fr);
  const degree = `${entry.degree} ${fr ? 'en' : 'in'} ${entry.field}`;
  if (person.entry === 'titleTabDates') return [{ text: degree, kind: 'strong', right: when.text }, { text: entry.school, kind: 'text' }];
  if (person.entry === 'datesFirst') return [{ text: when.text, kind: 'text' }, { text: `${degree}, ${entry.school}`, kind: 'strong' }];
  if (person.entry === 'companyThenTitle') return [{ text: entry.school, kind: 'strong' }, { text: degree, kind: 'text' }, { text: when.text, kind: 'text' }];
  if (person.entry === 'inlineParens') return [{ text: `${degree}, ${entry.school} (${when.text})`, kind: 'strong' }];
  if (person.entry === 'companyDatesThenTitle') return [{ text: entry.school.toUpperCase(), kind: 'strong', right: when.text }, { text: degree, kind: 'text' }];
  return [{ text: `${degree} — ${entry.school}`, kind: 'strong' }, { text: when.text, kind: 'text' }];
}

function skillLines(person) {
  const written = person.skills.map(([text]) => text);
  if (person.skillStyle === 'bullets') return written.map((text) => ({ text, kind: 'bullet' }));
  if (person.skillStyle === 'comma') return [{ text: written.join(', '), kind: 'text' }];
  if (person.skillStyle === 'levels') {
    const levels = person.lang === 'fr' ? ['expert', 'avancé', 'intermédiaire'] : ['expert', 'advanced', 'intermediate'];
    return written.map((text, index) => ({ text: `${text} (${levels[index % levels.length]})`, kind: 'bullet' }));
  }
  // Groups: "Label: a, b, c" in two halves.
  const half = Math.ceil(written.length / 2);
  const fr = person.lang === 'fr';
  return [
    { text: `${fr ? 'Principales' : 'Main'}: ${written.slice(0, half).join(', ')}`, kind: 'text' },
    { text: `${fr ? 'Autres' : 'Other'}: ${written.slice(half).join(', ')}`, kind: 'text' },
  ];
}

function languageLines(person) {
  if (person.languageStyle === 'inline') return [{ text: person.languages.map(([written, level]) => `${written} (${level})`).join(', '), kind: 'text' }];
  return person.languages.map(([written, level]) => ({ text: person.lang === 'fr' ? `${written} : ${level}` : `${written} – ${level}`, kind: 'text' }));
}

/** The CV as two streams of lines: the main column and (for a two-column layout) the side column. */
function layout(person) {
  const fr = person.lang === 'fr';
  const main = [];
  const side = [];
  if (person.header === 'nameTitleOneLine') main.push({ text: `${person.name.toUpperCase()} — ${person.title}`, kind: 'name' });
  else if (person.header === 'nameCommaTitle') main.push({ text: `${person.name}, ${person.title}`, kind: 'name' });
  else if (person.header === 'centered') main.push({ text: person.name.toUpperCase(), kind: 'name', centered: true }, { text: person.title, kind: 'title', centered: true });
  else main.push({ text: person.name, kind: 'name' }, { text: person.title, kind: 'title' });
  if (person.header === 'sidebar' || person.header === 'centered') side.push({ text: headingText(person, 'contact'), kind: 'heading' }, ...contactLines(person, false).flatMap((line) => line.text.split(/ · | \| /).map((text) => ({ text, kind: 'text' }))));
  else main.push(...contactLines(person, person.header === 'labeled'));
  if (person.summary) main.push({ text: headingText(person, 'summary'), kind: 'heading' }, { text: person.summary, kind: 'text' });
  main.push({ text: headingText(person, 'experience'), kind: 'heading' }, ...person.experience.flatMap((entry) => entryLines(person, entry, fr)));
  main.push({ text: headingText(person, 'education'), kind: 'heading' }, ...person.education.flatMap((entry) => educationLines(person, entry, fr)));
  const skills = [{ text: headingText(person, 'skills'), kind: 'heading' }, ...skillLines(person)];
  const languages = [{ text: headingText(person, 'languages'), kind: 'heading' }, ...languageLines(person)];
  if (person.header === 'sidebar' || person.header === 'centered') side.push(...skills, ...languages);
  else main.push(...skills, ...languages);
  main.push({ text: headingText(person, 'interests'), kind: 'heading' }, { text: fr ? 'Randonnée, photographie, cuisine' : 'Hiking, photography, cooking', kind: 'text' });
  return { main, side };
}

function expected(person) {
  const fr = person.lang === 'fr';
  return {
    profileName: person.name,
    jobTitle: person.title,
    email: person.email,
    phone: person.phone,
    location: person.location,
    links: person.links,
    experience: person.experience.map((entry) => {
      const { startDate, endDate, current } = period(person.dates, entry.start, entry.end, fr);
      return { company: entry.company, title: entry.title, startDate, endDate, current };
    }),
    education: person.education.map((entry) => {
      const { startDate, endDate } = period('years', entry.start, entry.end, fr);
      return { school: entry.school, degree: entry.degree, field: entry.field, startDate, endDate };
    }),
    skills: person.skills.flatMap(([, label]) => (label ? [label] : [])),
    languages: person.languages.map(([, , language, level]) => ({ language, level })),
  };
}

// ---- PDF ----
const A4 = [595.28, 841.89];

function wrap(text, font, size, width) {
  const words = text.split(' ');
  const lines = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

async function renderPdf(person) {
  const doc = await PDFDocument.create();
  doc.setTitle(`CV ${person.name}`);
  // Fixed dates, so that running the script again leaves the PDFs as they are.
  doc.setCreationDate(new Date('2026-11-29T00:00:00Z'));
  doc.setModificationDate(new Date('2026-11-29T00:00:00Z'));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { main, side } = layout(person);
  let page = doc.addPage(A4);
  const twoColumns = side.length > 0;
  const centered = main.filter((line) => line.centered);
  const columns = { side: { x: 40, width: 150 }, main: twoColumns ? { x: 215, width: 340 } : { x: 56, width: 483 } };
  const draw = (lines, column, startY) => {
    let y = startY;
    for (const line of lines) {
      const size = line.kind === 'name' ? 20 : line.kind === 'heading' ? 12 : line.kind === 'title' ? 13 : 10;
      const font = line.kind === 'name' || line.kind === 'heading' || line.kind === 'strong' ? bold : regular;
      if (line.kind === 'heading') y -= 8;
      const indent = line.kind === 'bullet' ? 12 : 0;
      const rightWidth = line.right ? regular.widthOfTextAtSize(line.right, size) + 12 : 0;
      const wrapped = wrap(line.text, font, size, column.width - indent - rightWidth);
      wrapped.forEach((text, index) => {
        if (y < 50) {
          page = doc.addPage(A4);
          y = A4[1] - 56;
        }
        if (line.kind === 'bullet' && index === 0) page.drawText('•', { x: column.x + 2, y, size, font: regular });
        const x = line.centered ? (A4[0] - font.widthOfTextAtSize(text, size)) / 2 : column.x + indent;
        page.drawText(text, { x, y, size, font, color: line.kind === 'heading' ? rgb(0.1, 0.25, 0.5) : rgb(0, 0, 0) });
        if (line.right && index === 0) page.drawText(line.right, { x: column.x + column.width - regular.widthOfTextAtSize(line.right, size), y, size, font: regular });
        y -= size + 4;
      });
    }
  };
  // A centred name and title run above both columns.
  const top = A4[1] - 60 - centered.length * 24;
  if (centered.length > 0) draw(centered, columns.main, A4[1] - 60);
  draw(main.filter((line) => !line.centered), columns.main, top);
  if (twoColumns) {
    page = doc.getPage(0);
    draw(side, columns.side, centered.length > 0 ? top : top - 60);
  }
  return doc.save();
}

// ---- DOCX ----
function docxParagraphs(lines, width) {
  return lines.map((line) => {
    const size = line.kind === 'name' ? 40 : line.kind === 'heading' ? 24 : line.kind === 'title' ? 26 : 20;
    const strong = line.kind === 'name' || line.kind === 'heading' || line.kind === 'strong';
    const runs = [new TextRun({ text: line.text, bold: strong, size })];
    if (line.right) runs.push(new TextRun({ children: ['\t', line.right], size }));
    return new Paragraph({
      children: runs,
      bullet: line.kind === 'bullet' ? { level: 0 } : undefined,
      tabStops: line.right ? [{ type: TabStopType.RIGHT, position: width }] : undefined,
      spacing: line.kind === 'heading' ? { before: 240, after: 80 } : undefined,
      alignment: AlignmentType.LEFT,
    });
  });
}

async function renderDocx(person) {
  const { main, side } = layout(person);
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const borders = { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none };
  const children =
    side.length > 0
      ? [
          ...docxParagraphs(main.slice(0, 2), 9000),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            borders,
            rows: [
              new TableRow({
                children: [
                  new TableCell({ width: { size: 30, type: WidthType.PERCENTAGE }, children: docxParagraphs(side, 2700) }),
                  new TableCell({ width: { size: 70, type: WidthType.PERCENTAGE }, children: docxParagraphs(main.slice(2), 6300) }),
                ],
              }),
            ],
          }),
        ]
      : docxParagraphs(main, 9000);
  // The name, title and contact lines in the page header, where some templates put them.
  const inHeader = person.header === 'pageHeader' ? main.slice(0, 2 + contactLines(person, false).length) : [];
  const body = person.header === 'pageHeader' ? docxParagraphs(main.slice(inHeader.length), 9000) : children;
  const headers = inHeader.length > 0 ? { default: new Header({ children: docxParagraphs(inHeader, 9000) }) } : undefined;
  const doc = new Document({ creator: person.name, title: `CV ${person.name}`, sections: [{ headers, children: body }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

await mkdir(OUT, { recursive: true });
const counts = { pdf: 0, docx: 0, en: 0, fr: 0 };
for (const person of PEOPLE) {
  const bytes = person.format === 'pdf' ? await renderPdf(person) : await renderDocx(person);
  await writeFile(path.join(OUT, `${person.file}.${person.format}`), bytes);
  await writeFile(path.join(OUT, `${person.file}.expected.json`), `${JSON.stringify(expected(person), null, 2)}\n`);
  counts[person.format] += 1;
  counts[person.lang] += 1;
}
console.log(`make-cv-corpus: ${PEOPLE.length} CVs (${counts.pdf} PDF, ${counts.docx} DOCX; ${counts.en} English, ${counts.fr} French) in ${path.relative(process.cwd(), OUT)}`);
