import { requiredName } from '../forms/field-rules';

// A company's shortlists of talents (the companySavedTalentList entity): a name per
// list, unique in the company. Codes worded in savedTalents.errors.

export const SAVED_TALENT_ERRORS = 'savedTalents.errors';
export const LIST_LABEL_MAX = 100;

export const savedTalentListLabel = requiredName(LIST_LABEL_MAX, { required: 'labelRequired', tooLong: 'labelTooLong' });
