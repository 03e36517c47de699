import { PROFILE_LIMITS } from '../talent/talent-profile-input';
import { readContact, type CvLink } from './cv-contact';
import { readEducation, readExperience, type CvEducation, type CvExperience } from './cv-entries';
import { linesOf, splitSections } from './cv-sections';
import { matchSkills, readLanguages, type CvLanguage } from './cv-skills';

// A profile suggested from a CV's text: the fields of the talent profile (basics, links,
// skills, languages, experience, education) as the profile's own input takes them, cut to
// its limits (PROFILE_LIMITS), plus the e-mail address and phone number read from the CV
// (the profile keeps neither; the page may offer them for the account). The talent reviews
// every field before anything is saved: a suggestion only fills the form.

export interface CvSuggestion {
  profileName: string | null;
  jobTitle: string | null;
  /** The CV's summary, for the profile's description. */
  description: string | null;
  location: string | null;
  email: string | null;
  phone: string | null;
  links: CvLink[];
  /** Known skill labels only, as the skills list spells them. */
  skills: Array<{ name: string }>;
  languages: CvLanguage[];
  experience: CvExperience[];
  education: CvEducation[];
}

const cut = (text: string | null | undefined, max: number): string | null => (text ? text.slice(0, max).trim() || null : null);

function limitedExperience(entry: CvExperience): CvExperience {
  const limited: CvExperience = { ...entry, company: cut(entry.company, PROFILE_LIMITS.name)! };
  if (entry.title) limited.title = cut(entry.title, PROFILE_LIMITS.name)!;
  if (entry.location) limited.location = cut(entry.location, PROFILE_LIMITS.location)!;
  if (entry.description) limited.description = cut(entry.description, PROFILE_LIMITS.entryDescription)!;
  return limited;
}

function limitedEducation(entry: CvEducation): CvEducation {
  const limited: CvEducation = { ...entry, school: cut(entry.school, PROFILE_LIMITS.name)! };
  if (entry.degree) limited.degree = cut(entry.degree, PROFILE_LIMITS.name)!;
  if (entry.field) limited.field = cut(entry.field, PROFILE_LIMITS.name)!;
  return limited;
}

/** The profile a CV suggests; `knownSkills` are the labels of the product's skills list. */
export function suggestProfileFromCv(text: string, knownSkills: readonly string[]): CvSuggestion {
  const sections = splitSections(text);
  const contact = readContact(linesOf(sections, 'header'), linesOf(sections, 'contact'));
  const summary = linesOf(sections, 'summary').join(' ');
  const skillLines = linesOf(sections, 'skills');
  // Without a skills section, the whole CV is searched: its jobs then name the skills.
  const skills = matchSkills(skillLines.length > 0 ? skillLines.join('\n') : text, knownSkills);
  return {
    profileName: cut(contact.profileName, PROFILE_LIMITS.profileName),
    jobTitle: cut(contact.jobTitle, PROFILE_LIMITS.jobTitle),
    description: cut(summary, PROFILE_LIMITS.description),
    location: cut(contact.location, PROFILE_LIMITS.location),
    email: contact.email,
    phone: contact.phone,
    links: contact.links
      .filter((link) => link.url.length <= PROFILE_LIMITS.url)
      .slice(0, PROFILE_LIMITS.links)
      .map((link) => ({ label: link.label.slice(0, PROFILE_LIMITS.linkLabel), url: link.url })),
    skills: skills
      .filter((name) => name.length <= PROFILE_LIMITS.skillName)
      .slice(0, PROFILE_LIMITS.skills)
      .map((name) => ({ name })),
    languages: readLanguages(linesOf(sections, 'languages'))
      .filter((language) => language.language.length <= PROFILE_LIMITS.languageName)
      .slice(0, PROFILE_LIMITS.languages),
    experience: readExperience(linesOf(sections, 'experience')).slice(0, PROFILE_LIMITS.entries).map(limitedExperience),
    education: readEducation(linesOf(sections, 'education')).slice(0, PROFILE_LIMITS.entries).map(limitedEducation),
  };
}
