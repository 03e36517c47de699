import { z } from 'zod';
import { checkbox } from '../forms/form-values';
import { jobFields, withJobFieldRules } from '../job-ads/job-input';

// The rules of a job description (the jobDescription entity), shared by the
// /company/job-description-* pages and the API. A write sends the whole record: the form
// always shows every field, so there is no partial edit to merge.

/** The company the job is for: the writer's own (blank) or one of its clients. */
const clientCompanyId = z
  .string()
  .nullish()
  .transform((raw) => (raw ?? '').trim() || null);

export const jobDescriptionSchema = withJobFieldRules(
  z.object({
    ...jobFields,
    openForApplications: checkbox,
    clientCompanyId,
  }),
);

export type JobDescriptionValues = z.output<typeof jobDescriptionSchema>;
