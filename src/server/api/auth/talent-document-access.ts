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
 * What the reader's selected company has to do with the talent: it must be allowed to read
 * talent profiles (talentProfile read), and hold an application of the talent (an
 * answer to its invitation is one) or have the talent on its roster (an entry she accepted).
 */
export interface CompanyLink {
  mayReadProfiles: boolean;
  holdsApplication: boolean;
  onRoster: boolean;
}

/**
 * Who may download a talent's private documents (cv, resume, pdf): the talent who
 * owns the profile; and a company while it works with the talent (an application it holds,
 * or its roster, once she accepted) through a member whose role may read talent profiles. Every company
 * download is recorded by the caller. Pictures are public and do not pass here.
 */
export function mayReadTalentDocument(reader: DocumentReader, owner: DocumentOwner, company: CompanyLink | null = null): boolean {
  if (owner.userId !== null && owner.userId === reader.userId) return true;
  return company !== null && company.mayReadProfiles && (company.holdsApplication || company.onRoster);
}

/** Whether the owner rule alone decides: the talent's own read needs no company and is not logged. */
export function isOwnDocument(reader: DocumentReader, owner: DocumentOwner): boolean {
  return owner.userId !== null && owner.userId === reader.userId;
}
