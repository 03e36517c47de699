import { z } from 'zod';
import { requiredName } from '../forms/field-rules';
import { REJECTION_KINDS, REJECTION_REASON_LABEL_MAX } from './rejection-reasons';

// The rules of a company's rejection reason; codes worded in jobApplications.errors.

const label = requiredName(REJECTION_REASON_LABEL_MAX, { required: 'reasonLabelRequired', tooLong: 'reasonLabelTooLong' });

export const rejectionReasonCreateSchema = z.object({ kind: z.enum(REJECTION_KINDS, { message: 'reasonKindUnknown' }), label });
export const rejectionReasonUpdateSchema = z.object({ label });
