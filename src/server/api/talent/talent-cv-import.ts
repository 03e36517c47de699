import { skillsList } from '../../db/schema';
import type { CvEducation, CvExperience } from '../../../lib/cv-import/cv-entries';
import type { CvLink } from '../../../lib/cv-import/cv-contact';
import type { CvLanguage } from '../../../lib/cv-import/cv-skills';
import { CV_LIMITS } from '../../../lib/cv-import/cv-limits';
import { suggestProfileFromCv, type CvSuggestion } from '../../../lib/cv-import/cv-suggestion';
import { CV_IMPORT_RULE } from '../../../lib/uploads/upload-rules';
import { extractCvText, type CvContentType, type CvRefusal } from '../../cv-import/cv-text';
import { builder } from '../builder';
import type { AppDatabase } from '../../db/client';
import { readUploadedFile, uploadRefused } from '../uploads/read-uploaded-file';
import { takeUploadAllowance } from '../uploads/stored-files';

// "A profile from a CV": the talent uploads her CV, this reads it on this machine (nothing
// is sent anywhere, nothing is stored) and answers a suggested profile; the talent reviews
// it and saves what she keeps through updateOneTalentProfile, so the profile's own rules
// decide what is saved. Keeping the file as her cv document is uploadMyTalentDocument's job.

/**
 * The code a refused CV answers on `file` (a page words it from its locale file). A file
 * without text is `noText`, not the reader's `empty`: the upload check already answers
 * `empty` for a file of zero bytes, and the two need different words.
 */
const REFUSAL_CODES: Record<CvRefusal, string> = {
  tooLarge: 'tooLarge',
  tooManyPages: 'tooManyPages',
  wrongType: 'wrongType',
  unreadable: 'unreadable',
  encrypted: 'encrypted',
  zipBomb: 'zipBomb',
  empty: 'noText',
  timeout: 'timeout',
};

const REFUSAL_MESSAGES: Record<CvRefusal, string> = {
  tooLarge: `The file is larger than ${CV_IMPORT_RULE.maxMegabytes} MB`,
  tooManyPages: `This PDF has more pages than a CV: at most ${CV_LIMITS.maxPdfPages} are read`,
  wrongType: 'The file must be a PDF or a Word document (.docx), and its content must match its type',
  unreadable: 'The file could not be read: it may be damaged',
  encrypted: 'The file is protected by a password: save it without one and send it again',
  zipBomb: 'The Word document would unpack to far more than a CV holds',
  empty: 'No text was found in the file: it may be a scan',
  timeout: 'Reading the file took too long',
};

type SuggestionAnswer = CvSuggestion & { format: 'pdf' | 'docx'; truncated: boolean };

const CvLinkRef = builder.objectRef<CvLink>('TalentCvLink').implement({
  fields: (t) => ({ label: t.exposeString('label'), url: t.exposeString('url') }),
});

const CvLanguageRef = builder.objectRef<CvLanguage>('TalentCvLanguage').implement({
  fields: (t) => ({
    language: t.exposeString('language'),
    level: t.string({ nullable: true, description: 'A level of the profile scale (LANGUAGE_LEVELS), when the CV names one', resolve: (entry) => entry.level ?? null }),
  }),
});

const optional = <T extends object>(key: keyof T) => (entry: T) => (entry[key] as string | undefined) ?? null;

const CvExperienceRef = builder.objectRef<CvExperience>('TalentCvExperience').implement({
  fields: (t) => ({
    company: t.exposeString('company'),
    title: t.string({ nullable: true, resolve: optional('title') }),
    location: t.string({ nullable: true, resolve: optional('location') }),
    description: t.string({ nullable: true, resolve: optional('description') }),
    startDate: t.string({ nullable: true, description: 'yyyy-mm-dd (the first of the month when the CV names a month)', resolve: optional('startDate') }),
    endDate: t.string({ nullable: true, resolve: optional('endDate') }),
    current: t.boolean({ resolve: (entry) => entry.current === true }),
  }),
});

const CvEducationRef = builder.objectRef<CvEducation>('TalentCvEducation').implement({
  fields: (t) => ({
    school: t.exposeString('school'),
    degree: t.string({ nullable: true, resolve: optional('degree') }),
    field: t.string({ nullable: true, resolve: optional('field') }),
    startDate: t.string({ nullable: true, resolve: optional('startDate') }),
    endDate: t.string({ nullable: true, resolve: optional('endDate') }),
  }),
});

const TalentCvSuggestion = builder.objectRef<SuggestionAnswer>('TalentCvSuggestion').implement({
  description: "A talent profile suggested from a CV, cut to the profile's limits; nothing of it is saved",
  fields: (t) => ({
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    description: t.exposeString('description', { nullable: true, description: "The CV's summary" }),
    location: t.exposeString('location', { nullable: true }),
    email: t.exposeString('email', { nullable: true, description: 'Read from the CV; the profile does not keep it' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Read from the CV; the profile does not keep it' }),
    links: t.field({ type: [CvLinkRef], resolve: (answer) => answer.links }),
    skills: t.stringList({ description: 'Labels of the skills list the CV names, spelled as the list does', resolve: (answer) => answer.skills.map((skill) => skill.name) }),
    languages: t.field({ type: [CvLanguageRef], resolve: (answer) => answer.languages }),
    experience: t.field({ type: [CvExperienceRef], resolve: (answer) => answer.experience }),
    education: t.field({ type: [CvEducationRef], resolve: (answer) => answer.education }),
    format: t.exposeString('format', { description: 'pdf or docx, as read from the bytes' }),
    truncated: t.exposeBoolean('truncated', { description: 'The CV was longer than is read: its end was left out' }),
  }),
});

/**
 * The skills list's labels, read on every call rather than cached: one read of a few
 * hundred short rows is nothing beside the worker that parses the file, and a cache would
 * miss the skills an admin adds.
 */
async function skillLabels(db: Pick<AppDatabase, 'select'>): Promise<string[]> {
  const rows = await db.select({ label: skillsList.label }).from(skillsList);
  return rows.map((row) => row.label);
}

builder.mutationField('suggestTalentProfileFromCv', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentCvSuggestion,
    description:
      'Reads a CV (a PDF of at most 10 pages or a Word .docx, at most 10 MB, checked by its content) on the server and answers the profile it suggests. ' +
      'Nothing is stored or sent elsewhere; save what you keep with updateOneTalentProfile. A file that cannot be read is refused on `file` with its code: ' +
      'wrongType, tooLarge, empty, tooManyPages, encrypted, unreadable, zipBomb, noText (a scan) or timeout. Counts as an upload. Send as multipart/form-data',
    args: { file: t.arg({ type: 'File', required: true }) },
    resolve: async (_root, { file }, context) => {
      await takeUploadAllowance(context);
      const upload = await readUploadedFile(file, CV_IMPORT_RULE);
      const text = await extractCvText(upload.bytes, upload.contentType as CvContentType);
      if (!text.ok) throw uploadRefused(REFUSAL_MESSAGES[text.reason], REFUSAL_CODES[text.reason]);
      return { ...suggestProfileFromCv(text.text, await skillLabels(context.db)), format: text.format, truncated: text.truncated };
    },
  }),
);
