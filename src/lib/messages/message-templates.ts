import { z } from 'zod';
import { can } from '../permissions/effective-permissions';
import type { PermissionSet } from '../permissions/resources';
import { messageSchema } from './message-rules';

// A company's message templates (messages): a name and a text with merge fields, filled in
// for each talent a message goes to. The fields are the talent's name, the job's title and
// the company's name, written {talentName}, {jobTitle} and {companyName}. Shared by the
// pages and the API; every code is worded in `messages.errors`.

export const MERGE_FIELDS = ['talentName', 'jobTitle', 'companyName'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** Long enough to tell templates apart in a list. */
export const TEMPLATE_NAME_MAX = 80;

/** A company keeps at most this many templates: a list to choose from, not an archive. */
export const MAX_TEMPLATES_PER_COMPANY = 50;

/** At most this many applications take one message at once. */
export const MAX_BULK_MESSAGES = 50;

const FIELD_PATTERN = /\{([A-Za-z]+)\}/g;

/** The merge fields a text names that are not ours (a typo such as {talentname}), in order. */
export function unknownMergeFields(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD_PATTERN)].map((match) => match[1]!).filter((name) => !(MERGE_FIELDS as readonly string[]).includes(name)))];
}

/**
 * The merge fields rule: each field is replaced by its value for this talent; a value that
 * is not known (a talent without a name, a job without a title) by the words given for it,
 * so a message never goes out with a gap or a raw {field} in it.
 */
export function fillMergeFields(text: string, values: Record<MergeField, string | null>, fallbacks: Record<MergeField, string>): string {
  return text.replace(FIELD_PATTERN, (whole, name: string) => ((MERGE_FIELDS as readonly string[]).includes(name) ? (values[name as MergeField]?.trim() || fallbacks[name as MergeField]) : whole));
}

const name = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (value === '') ctx.addIssue({ code: 'custom', message: 'templateNameRequired' });
    else if ([...value].length > TEMPLATE_NAME_MAX) ctx.addIssue({ code: 'custom', message: 'templateNameTooLong', params: { max: TEMPLATE_NAME_MAX } });
    return value;
  });

export const messageTemplateSchema = z
  .object({ name, body: messageSchema.shape.body })
  .superRefine((value, ctx) => {
    const unknown = unknownMergeFields(value.body);
    if (unknown.length) ctx.addIssue({ code: 'custom', path: ['body'], message: 'unknownMergeField', params: { field: `{${unknown[0]}}` } });
  });
export type MessageTemplateValues = z.output<typeof messageTemplateSchema>;

/** Who may write to talents, and so keep and use the company's templates: update on applications, invitations or assignments. */
export function mayWriteToTalents(permissions: PermissionSet | null | undefined): boolean {
  return can(permissions, 'talentJobApplication', 'update') || can(permissions, 'talentInvitation', 'update') || can(permissions, 'jobAssignment', 'update');
}
