import { LANGUAGE_LEVELS, levelFromText, type LanguageLevel } from '../talent/proficiency-levels';
import { fold } from './cv-sections';

// Skills, matched against the labels the product knows (the skills list), and spoken
// languages with their level. A label is found as a whole word, whatever its case, and
// through a short table of plain aliases ("JS", "Postgres") and of the French names of
// labels ("Gestion de projet"); a label that is also a common word ("Go", "R") counts
// only as written. Longer labels are looked for first, so "React Native" is not "React" too.

/** Alias (folded) to label: used only when the label is in the list given. */
const SKILL_ALIASES: Readonly<Record<string, string>> = {
  js: 'JavaScript', ts: 'TypeScript', 'react.js': 'React', reactjs: 'React', vue: 'Vue.js', vuejs: 'Vue.js', angularjs: 'Angular', nodejs: 'Node.js', node: 'Node.js',
  nextjs: 'Next.js', golang: 'Go', postgres: 'PostgreSQL', k8s: 'Kubernetes', gcp: 'Google Cloud', 'google cloud platform': 'Google Cloud',
  'amazon web services': 'AWS', tailwind: 'Tailwind CSS', photoshop: 'Adobe Photoshop', illustrator: 'Adobe Illustrator', spark: 'Apache Spark',
  airflow: 'Apache Airflow', powerbi: 'Power BI', ml: 'Machine Learning', dotnet: '.NET', rails: 'Ruby on Rails', 'rest api': 'REST APIs', 'api rest': 'REST APIs',
  'restful apis': 'REST APIs', 'c sharp': 'C#', 'sql server': 'SQL',
  // French names of labels.
  'gestion de projet': 'Project Management', 'gestion de projets': 'Project Management', 'gestion de produit': 'Product Management', 'methodes agiles': 'Agile',
  'methode agile': 'Agile', 'apprentissage automatique': 'Machine Learning', statistiques: 'Statistics', 'modelisation financiere': 'Financial Modeling',
  budgetisation: 'Budgeting', 'gestion budgetaire': 'Budgeting', previsions: 'Forecasting', 'comptabilite fournisseurs': 'Accounts Payable',
  'comptabilite clients': 'Accounts Receivable', paie: 'Payroll', negociation: 'Negotiation', prospection: 'Lead Generation',
  'prospection telephonique': 'Cold Calling', 'vente b2b': 'B2B Sales', 'gestion de comptes': 'Account Management', 'gestion des comptes': 'Account Management',
  'marketing de contenu': 'Content Marketing', emailing: 'Email Marketing', 'e-mailing': 'Email Marketing', 'referencement naturel': 'SEO',
  'recherche utilisateur': 'User Research', 'tests utilisateurs': 'Usability Testing', prototypage: 'Prototyping', maquettage: 'Wireframing',
  accessibilite: 'Accessibility', 'gestion des parties prenantes': 'Stakeholder Management', 'gestion de la chaine logistique': 'Supply Chain Management',
  "chaine d'approvisionnement": 'Supply Chain Management', 'gestion des fournisseurs': 'Vendor Management', 'amelioration continue': 'Process Improvement',
  'gestion des risques': 'Risk Management', recrutement: 'Recruiting', 'reseaux sociaux': 'Social Media Marketing', 'strategie de marque': 'Brand Strategy',
  redaction: 'Copywriting', 'securite web': 'Web Security', 'modelisation de donnees': 'Data Modeling', 'conformite fiscale': 'Tax Compliance',
  'reporting financier': 'Financial Reporting', 'previsions des ventes': 'Sales Forecasting', 'gestion du pipeline': 'Pipeline Management',
  'succes client': 'Customer Success', "design d'interaction": 'Interaction Design',
};

/** Labels that are also everyday words or letters: matched only as written (so are labels of one or two letters). */
const AS_WRITTEN = new Set(['go', 'r', 'lean', 'rest', 'swift']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Neither a letter, a digit, nor a character that belongs to a label ("C#", ".NET", "C++"). */
const wordAround = (pattern: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}+#.&])${pattern}(?![\\p{L}\\p{N}+#&])`, flags);

/** The known skills a text names, as the list spells them, in the order of the text; longest labels first. */
export function matchSkills(text: string, knownSkills: readonly string[]): string[] {
  const known = new Map(knownSkills.map((label) => [fold(label), label]));
  const names = [
    ...knownSkills.map((label) => ({ word: label, label })),
    // Aliases of one or two letters are acronyms: "JS", "ML" as written.
    ...Object.entries(SKILL_ALIASES).flatMap(([word, label]) => (known.has(fold(label)) ? [{ word: word.length <= 2 ? word.toUpperCase() : word, label: known.get(fold(label))! }] : [])),
  ].sort((a, b) => b.word.length - a.word.length);
  let folded = fold(text);
  let written = text;
  const found: Array<{ label: string; at: number }> = [];
  for (const { word, label } of names) {
    const exact = AS_WRITTEN.has(fold(word)) || word.length <= 2;
    const pattern = wordAround(escape(exact ? word : fold(word)), exact ? 'gu' : 'giu');
    const haystack = exact ? written : folded;
    for (const match of haystack.matchAll(pattern)) {
      found.push({ label, at: match.index / Math.max(haystack.length, 1) });
      // Blank the match in both texts so that a shorter label inside it is not found again.
      const blank = (source: string) => source.slice(0, match.index) + ' '.repeat(match[0].length) + source.slice(match.index + match[0].length);
      if (exact) written = blank(written);
      else folded = blank(folded);
    }
  }
  const ordered = found.sort((a, b) => a.at - b.at).map(({ label }) => label);
  return [...new Set(ordered)];
}

/** French (and other) names of languages to the English name the profile's list uses. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  anglais: 'English', francais: 'French', espagnol: 'Spanish', allemand: 'German', italien: 'Italian', portugais: 'Portuguese', neerlandais: 'Dutch',
  hollandais: 'Dutch', polonais: 'Polish', suedois: 'Swedish', norvegien: 'Norwegian', danois: 'Danish', finnois: 'Finnish', tcheque: 'Czech',
  slovaque: 'Slovak', hongrois: 'Hungarian', roumain: 'Romanian', bulgare: 'Bulgarian', grec: 'Greek', turc: 'Turkish', russe: 'Russian',
  ukrainien: 'Ukrainian', arabe: 'Arabic', hebreu: 'Hebrew', chinois: 'Mandarin Chinese', mandarin: 'Mandarin Chinese', chinese: 'Mandarin Chinese',
  'chinois mandarin': 'Mandarin Chinese', cantonais: 'Cantonese', japonais: 'Japanese', coreen: 'Korean', vietnamien: 'Vietnamese', thai: 'Thai',
  indonesien: 'Indonesian', catalan: 'Catalan', irlandais: 'Irish', croate: 'Croatian', serbe: 'Serbian', slovene: 'Slovenian', estonien: 'Estonian',
  letton: 'Latvian', lituanien: 'Lithuanian', breton: 'Breton', basque: 'Basque', corse: 'Corsican', tamoul: 'Tamil', persan: 'Persian', farsi: 'Persian',
};

/** French words for levels (folded), most specific first; English ones are LEVEL_WORDS' (levelFromText). */
const FRENCH_LEVELS: ReadonlyArray<readonly [word: string, level: LanguageLevel]> = [
  ['langue maternelle', 'NATIVE'], ['maternelle', 'NATIVE'], ['natif', 'NATIVE'], ['native', 'NATIVE'], ['bilingue', 'NATIVE'],
  ['courant', 'C1'], ['couramment', 'C1'], ['avance', 'C1'], ['professionnel', 'B2'], ['operationnel', 'B2'], ['intermediaire', 'B1'],
  ['elementaire', 'A2'], ['scolaire', 'A2'], ['notions', 'A2'], ['debutant', 'A1'],
];

/** The level a language's line states: a CEFR code first, then words (French, then English). */
export function languageLevel(text: string): LanguageLevel | null {
  const code = /\b([abc][12])\b/i.exec(text)?.[1]?.toUpperCase();
  if (code && (LANGUAGE_LEVELS as readonly string[]).includes(code)) return code as LanguageLevel;
  const words = ` ${fold(text).replace(/[^a-z0-9]+/g, ' ')} `;
  const french = FRENCH_LEVELS.find(([word]) => words.includes(` ${word} `));
  return french ? french[1] : levelFromText('language', text);
}

export interface CvLanguage {
  language: string;
  level?: LanguageLevel;
}

const LANGUAGE_NAME = /^([\p{Lu}][\p{L}'’-]*(?: [\p{Lu}][\p{L}'’-]*)?)(?=$|\s*[:(–—,-]|\s+\p{Ll})/u;

/** Lines put back together where a narrow column wrapped them: a line going on in lower case, with "(", or after a comma. */
function unwrapped(lines: readonly string[]): string[] {
  const result: string[] = [];
  for (const line of lines) {
    const previous = result.at(-1);
    if (previous !== undefined && (/^[\p{Ll}(]/u.test(line) || /,$/.test(previous))) result[result.length - 1] = `${previous} ${line}`;
    else result.push(line);
  }
  return result;
}

/** Languages from the lines of a "Languages" section: a name at the start of each piece, then its level. */
export function readLanguages(lines: readonly string[]): CvLanguage[] {
  const found = new Map<string, CvLanguage>();
  for (const line of unwrapped(lines)) {
    for (const piece of line.replace(/^[•·*▪-]\s*/u, '').split(/\s*[|•·;\t]\s*|,\s*(?=\p{Lu})/u)) {
      const name = LANGUAGE_NAME.exec(piece.trim())?.[1];
      if (!name) continue;
      const language = LANGUAGE_NAMES[fold(name)] ?? name;
      if (found.has(fold(language))) continue;
      const level = languageLevel(piece.slice(name.length));
      found.set(fold(language), level ? { language, level } : { language });
    }
  }
  return [...found.values()];
}
