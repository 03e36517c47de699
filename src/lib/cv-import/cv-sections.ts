// A CV's text cut into its sections by their headings, in English and French: the lines
// before the first heading (the name, title and contact details), then one part per
// heading. A heading is a short line that names a known section, whatever its case or a
// trailing colon; any other line stays in the section it is in.

export type CvSectionKind =
  | 'header'
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'contact'
  | 'certifications'
  | 'projects'
  | 'other';

export interface CvSection {
  kind: CvSectionKind;
  /** The heading as written; null for the header (the lines before any heading). */
  heading: string | null;
  lines: string[];
}

/** Lower case, accents and ligatures removed, one space between words: how headings and words are compared. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADINGS: Record<Exclude<CvSectionKind, 'header'>, readonly string[]> = {
  summary: [
    'summary', 'professional summary', 'profile', 'professional profile', 'about', 'about me', 'objective', 'career objective', 'personal statement',
    'profil', 'profil professionnel', 'a propos', 'a propos de moi', 'resume', 'objectif', 'presentation',
  ],
  experience: [
    'experience', 'experiences', 'professional experience', 'work experience', 'employment', 'employment history', 'work history', 'career history', 'career', 'relevant experience',
    'experience professionnelle', 'experiences professionnelles', 'parcours professionnel', 'parcours', 'emplois',
  ],
  education: [
    'education', 'education & training', 'education and training', 'academic background', 'qualifications', 'training', 'studies',
    'formation', 'formations', 'diplomes', 'diplomes et formations', 'formation et diplomes', 'etudes', 'cursus', 'parcours academique',
  ],
  skills: [
    'skills', 'technical skills', 'key skills', 'core skills', 'core competencies', 'competencies', 'skills & tools', 'skills and tools', 'tools', 'technologies', 'tech stack', 'expertise',
    'competences', 'competences techniques', 'competences cles', 'savoir-faire', 'outils', 'outils et technologies', 'expertises',
  ],
  languages: ['languages', 'language skills', 'langues', 'langues parlees', 'competences linguistiques'],
  contact: ['contact', 'contact details', 'contact information', 'personal details', 'personal information', 'coordonnees', 'informations personnelles', 'infos'],
  certifications: ['certifications', 'certificates', 'licenses & certifications', 'certificats', 'certifications et formations'],
  projects: ['projects', 'personal projects', 'side projects', 'projets', 'projets personnels', 'realisations'],
  other: [
    'interests', 'hobbies', 'hobbies & interests', 'activities', 'volunteering', 'volunteer experience', 'awards', 'publications', 'references', 'achievements',
    "centres d'interet", 'loisirs', 'benevolat', 'activites', 'distinctions', 'prix', 'references', 'divers', "centres d'interets",
  ],
};

const HEADING_KIND = new Map<string, Exclude<CvSectionKind, 'header'>>(
  Object.entries(HEADINGS).flatMap(([kind, words]) => words.map((word) => [word, kind as Exclude<CvSectionKind, 'header'>] as const)),
);

/** A heading is short: a line of more than this is text, even if it starts like one. */
const HEADING_MAX_CHARS = 45;

/** The section a line opens, or null when it is no heading. */
export function headingKind(line: string): Exclude<CvSectionKind, 'header'> | null {
  if (line.length > HEADING_MAX_CHARS) return null;
  const words = fold(line)
    .replace(/^[\s\d.)•·*▪■●-]+/u, '')
    .replace(/[\s:|•·-]+$/u, '')
    .trim();
  return HEADING_KIND.get(words) ?? null;
}

/** The sections of a CV's text, in the order they appear (a kind may appear twice: a two-column page's sidebar). */
export function splitSections(text: string): CvSection[] {
  const sections: CvSection[] = [{ kind: 'header', heading: null, lines: [] }];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const kind = headingKind(line);
    if (kind) sections.push({ kind, heading: line, lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  return sections;
}

/** The lines of every section of a kind, in order. */
export function linesOf(sections: readonly CvSection[], kind: CvSectionKind): string[] {
  return sections.filter((section) => section.kind === kind).flatMap((section) => section.lines);
}
