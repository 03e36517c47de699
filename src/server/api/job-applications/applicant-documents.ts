import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../lib/uploads/upload-rules';
import type { StoredFile } from '../../db/schema/talents';
import { builder } from '../builder';

// The applicant's PDFs as a company downloads them: on a received application and on a
// talent's profile (talent-search/talent-profile.ts), once the caller has decided it may.

export interface ApplicantDocument {
  slot: DocumentSlot;
  name: string;
  url: string;
}

export const ApplicantDocumentRef = builder.objectRef<ApplicantDocument>('ApplicantDocument').implement({
  description: "One of the applicant's PDFs; its url downloads it (recorded as talentDocument.read)",
  fields: (t) => ({
    slot: t.string({ description: 'cv, resume or pdf', resolve: (row) => row.slot }),
    name: t.exposeString('name'),
    url: t.exposeString('url'),
  }),
});

/** A profile's documents as a company downloads them, in slot order; the caller has decided it may. */
export function applicantDocumentsOf(profile: Partial<Record<DocumentSlot, StoredFile | null>>): ApplicantDocument[] {
  return DOCUMENT_SLOTS.flatMap((slot) => {
    const file = profile[slot];
    return file?.url ? [{ slot, name: file.name ?? `${slot}.pdf`, url: file.url }] : [];
  });
}
