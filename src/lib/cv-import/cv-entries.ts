import { findPeriod, findSingleDate, withoutPeriod, type CvPeriod } from './cv-dates';
import { fold } from './cv-sections';

// The entries of an "Experience" or "Education" section. Each entry is anchored on its
// period: a run of short lines around a date ("the header") names the employer and the
// role (or the school and the degree), and the lines after it, bullets or sentences, are
// its description. Whether a CV writes its headers above or below the dates is read from
// its first entry and holds for the rest. The fields of a header are told apart by their
// words: a role has a job word (developer, ingénieure, manager ...), a school a school
// word, a degree a degree word; where words say nothing, the usual order decides.

export interface CvExperience {
  company: string;
  title?: string;
  location?: string;
  description?: string;
  startDate?: string;
  endDate?: string;
  current?: boolean;
}

export interface CvEducation {
  school: string;
  degree?: string;
  field?: string;
  startDate?: string;
  endDate?: string;
}

const words = (list: string) => new RegExp(`(?<![\\p{L}])(?:${list})(?![\\p{L}])`, 'u');

/** Job words, folded (accents removed), English and French. */
const ROLE = words(
  [
    'developer', 'developpeur', 'developpeuse', 'engineer', 'engineering', 'ingenieur', 'ingenieure', 'manager', 'management', 'designer', 'analyst', 'analyste',
    'consultant', 'consultante', 'lead', 'head', 'director', 'directeur', 'directrice', 'intern', 'internship', 'stagiaire', 'alternant', 'alternante',
    'apprenti', 'apprentie', 'assistant', 'assistante', 'architect', 'architecte', 'scientist', 'specialist', 'specialiste', 'executive', 'officer',
    'administrator', 'administrateur', 'administratrice', 'technician', 'technicien', 'technicienne', 'accountant', 'comptable', 'controller',
    'controleur', 'controleuse', 'auditor', 'auditeur', 'auditrice', 'representative', 'associate', 'coordinator', 'coordinateur', 'coordinatrice',
    'responsable', 'chef', 'cheffe', 'charge', 'chargee', 'commercial', 'commerciale', 'marketer', 'partner', 'researcher', 'chercheur', 'chercheuse',
    'integrateur', 'integratrice', 'owner', 'vp', 'cto', 'ceo', 'cfo', 'coo', 'founder', 'co-founder', 'fondateur', 'fondatrice', 'freelance', 'professor',
    'teacher', 'enseignant', 'enseignante', 'editor', 'writer', 'redacteur', 'redactrice', 'recruiter', 'recruteur', 'recruteuse', 'trainer', 'formateur',
    'formatrice', 'programmer', 'programmeur', 'devops', 'sre', 'tester', 'testeur', 'qa', 'operator', 'operateur', 'supervisor', 'superviseur',
    'advisor', 'adviser', 'conseiller', 'conseillere', 'vendeur', 'vendeuse', 'agent', 'president', 'secretary', 'secretaire', 'nurse', 'infirmier',
    'infirmiere', 'clerk', 'buyer', 'acheteur', 'acheteuse', 'planner', 'strategist', 'producer', 'product', 'sales', 'support',
  ].join('|'),
);

const SCHOOL = words(
  [
    'university', 'universite', 'universidad', 'universidade', 'universita', 'universiteit', 'universitat', 'college', 'school', 'ecole', 'institut', 'institute', 'lycee', 'iut', 'insa',
    'academy', 'academie', 'polytechnique', 'politecnico', 'polytechnic', 'hec', 'essec', 'escp', 'sorbonne', 'eth', 'epfl', 'iae', 'enseeiht', 'ensimag',
    'conservatoire', 'faculty', 'faculte', 'cnam', 'centrale', 'mines', 'sciences po', 'business school', 'em',
  ].join('|'),
);

const DEGREE = words(
  [
    'master', 'masters', 'licenciatura', 'laurea', "master's", 'mastere', 'bachelor', "bachelor's", 'licence', 'license', 'bsc', 'msc', 'bs', 'ba', 'ma', 'mba', 'phd', 'ph\\.d\\.?',
    'doctorat', 'doctorate', 'diplome', 'diploma', 'degree', 'dut', 'bts', 'but', 'bac', 'baccalaureat', 'deug', 'dea', 'dess', 'certificate',
    'certificat', 'a-levels', 'hnd', 'btec', 'cap', 'bep', 'meng', 'beng', 'llm', 'llb',
  ].join('|'),
);

const isRole = (text: string) => ROLE.test(fold(text));
const isSchool = (text: string) => SCHOOL.test(fold(text));
const isDegree = (text: string) => DEGREE.test(fold(text));

type Line = { text: string; kind: 'bullet' | 'prose' | 'header'; period: CvPeriod | null };

const BULLET = /^[•·*▪■●◦‣–-]\s*/u;
/** Past this length a line is a sentence of a description, not part of a header. */
const HEADER_MAX_CHARS = 90;
/** Header lines an entry takes besides its date line; more are description. */
const HEADER_MAX_LINES = 2;

function classify(text: string, singleDates: boolean): Line {
  if (BULLET.test(text)) return { text: text.replace(BULLET, ''), kind: 'bullet', period: null };
  if (text.length > HEADER_MAX_CHARS) return { text, kind: 'prose', period: null };
  // A dated line heads an entry even when it starts in lower case ("janv. 2020 – …").
  const period = findPeriod(text) ?? (singleDates ? findSingleDate(text) : null);
  if (period) return { text, kind: 'header', period };
  return { text, kind: /[.!?;]$/.test(text) || /^\p{Ll}/u.test(text) ? 'prose' : 'header', period: null };
}

interface Block {
  header: string[];
  period: CvPeriod;
  description: string[];
}

/**
 * The entries' blocks: each dated header line with the header lines that go with it
 * (those above it when the section's first entry starts above its date, else those below)
 * and the description lines up to the next block.
 */
function blocks(lines: readonly string[], singleDates: boolean): Block[] {
  const classified = lines.map((line) => classify(line, singleDates));
  const firstDated = classified.findIndex((line) => line.period);
  if (firstDated < 0) return [];
  const headerAbove = firstDated > 0 && classified[firstDated - 1]!.kind === 'header';
  const result: Block[] = [];
  const taken = new Set<number>();
  classified.forEach((line, index) => {
    if (!line.period) return;
    const header: number[] = [];
    const step = headerAbove ? -1 : 1;
    for (let at = index + step; header.length < HEADER_MAX_LINES && classified[at]?.kind === 'header' && !classified[at]!.period && !taken.has(at); at += step) header.push(at);
    const own = [index, ...header].sort((a, b) => a - b);
    own.forEach((at) => taken.add(at));
    result.push({ header: own.map((at) => (at === index ? withoutPeriod(line.text, line.period!) : classified[at]!.text)), period: line.period, description: [] });
  });
  // Every line not in a header describes the block above it.
  let current = -1;
  let blockIndex = -1;
  classified.forEach((line, index) => {
    if (taken.has(index)) {
      if (line.period) blockIndex += 1;
      current = blockIndex;
      return;
    }
    if (current >= 0 && index > firstDated) result[Math.min(current, result.length - 1)]!.description.push(line.text);
  });
  return result;
}

/** The pieces of a header line: split on tabs, bars, dashes and bullets between words. */
function pieces(header: readonly string[]): string[] {
  return header.flatMap((line) => line.split(/\s*[\t|·•]\s*| +[–—-] +/u)).map((piece) => piece.trim()).filter(Boolean);
}

const trimmed = (text: string | undefined) => text?.trim().replace(/^[,;:–—-]+|[,;:–—-]+$/g, '').trim() || undefined;

function experienceOf(block: Block): CvExperience | null {
  let title: string | undefined;
  let company: string | undefined;
  let location: string | undefined;
  const rest: string[] = [];
  for (const piece of pieces(block.header)) {
    const at = /^(.+?)\s+(?:at|chez|@)\s+(.+)$/iu.exec(piece);
    if (at && !title && !company) {
      title = at[1];
      company = at[2];
      continue;
    }
    const comma = /^(.+?),\s+(.+)$/u.exec(piece);
    if (comma) {
      const [, before = '', after = ''] = comma;
      if (!title && isRole(before) && !isRole(after)) {
        title = before;
        company ??= after;
        continue;
      }
      if ((title || rest.some(isRole) || pieces(block.header).some((other) => other !== piece && isRole(other))) && !isRole(before)) {
        company ??= before;
        location ??= after;
        continue;
      }
    }
    rest.push(piece);
  }
  for (const piece of rest) {
    if (!title && isRole(piece)) title = piece;
    else if (!company) company = piece;
    else if (!title) title = piece;
    else location ??= piece;
  }
  // With no job word anywhere, "Role — Employer" is the usual order.
  if (!isRole(title ?? '') && company && title && rest.indexOf(company) > rest.indexOf(title)) [title, company] = [company, title];
  company = trimmed(company);
  if (!company) return null;
  const entry: CvExperience = { company };
  if (trimmed(title)) entry.title = trimmed(title);
  if (trimmed(location)) entry.location = trimmed(location);
  if (block.description.length > 0) entry.description = block.description.join('\n');
  if (block.period.startDate) entry.startDate = block.period.startDate;
  if (block.period.endDate) entry.endDate = block.period.endDate;
  entry.current = block.period.current;
  return entry;
}

/** "MSc in Computer Science" → MSc, Computer Science; "Master Marketing" stays the degree. */
function degreeAndField(text: string): { degree: string; field?: string } {
  const split = /^(.+?)\s+(?:in|en|of|de)\s+(.+)$/iu.exec(text);
  if (split && isDegree(split[1]!)) return { degree: split[1]!, field: split[2]! };
  return { degree: text };
}

function educationOf(block: Block): CvEducation | null {
  let school: string | undefined;
  let degree: string | undefined;
  const rest: string[] = [];
  for (const piece of pieces(block.header)) {
    const comma = /^(.+?),\s+(.+)$/u.exec(piece);
    const parts = comma && isDegree(comma[1]!) && isSchool(comma[2]!) ? [comma[1]!, comma[2]!] : [piece];
    for (const part of parts) {
      if (!school && isSchool(part) && !isDegree(part.split(/\s+(?:in|en)\s+/)[0]!)) school = part;
      else if (!degree && isDegree(part)) degree = part;
      else rest.push(part);
    }
  }
  for (const piece of rest) {
    if (!school) school = piece;
    else if (!degree) degree = piece;
  }
  school = trimmed(school);
  if (!school) return null;
  const entry: CvEducation = { school };
  if (degree) Object.assign(entry, degreeAndField(degree));
  if (block.period.startDate) entry.startDate = block.period.startDate;
  if (block.period.endDate) entry.endDate = block.period.endDate;
  return entry;
}

/** The jobs of an experience section, in the CV's order. */
export function readExperience(lines: readonly string[]): CvExperience[] {
  return blocks(lines, false).flatMap((block) => experienceOf(block) ?? []);
}

/** The degrees of an education section, in the CV's order (a year alone is an end date). */
export function readEducation(lines: readonly string[]): CvEducation[] {
  return blocks(lines, true).flatMap((block) => educationOf(block) ?? []);
}
