import { z } from 'zod';
import { hasForbiddenControls } from '../text/control-characters';
import { checkbox } from '../forms/form-values';

// A company's note on a talent (the companyTalentNote entity): private to its
// author, or shared with the members who may read notes. Codes are worded in
// `talentNotes.errors.<code>`.

export const TALENT_NOTE_ERRORS = 'talentNotes.errors';
export const TALENT_NOTE_MAX = 5000;

const note = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (value === '') ctx.addIssue({ code: 'custom', message: 'noteRequired' });
    else if (hasForbiddenControls(value, true)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
    else if ([...value].length > TALENT_NOTE_MAX) ctx.addIssue({ code: 'custom', message: 'noteTooLong' });
    return value;
  });

export const talentNoteSchema = z.object({ note, private: checkbox });
export type TalentNoteValues = z.output<typeof talentNoteSchema>;
