/** Who asks to read a talent's document. */
export interface DocumentReader {
  userId: string;
}

/** The profile a document belongs to, as far as the rule needs it. */
export interface DocumentOwner {
  /** Null for a talent a company added before they signed up. */
  userId: string | null;
}

/**
 * Who may download a talent's private documents (cv, resume, pdf): the talent who owns
 * the profile. Pictures are public and do not pass here. Companies will also read them
 * once the company talent pages exist: members of a company holding talentProfile read
 * (spec §6) for the talents they may see; that branch is added here, with its tests,
 * together with those pages, and every download already asks this one function.
 */
export function mayReadTalentDocument(reader: DocumentReader, owner: DocumentOwner): boolean {
  return owner.userId !== null && owner.userId === reader.userId;
}
