/** Who asks to read a billing line's attachment. */
export interface AttachmentReader {
  userId: string;
}

/** The billing an attachment belongs to, as far as the rule needs it. */
export interface AttachmentOwner {
  /** The user of the billing's talent; null for a talent a company added before they signed up. */
  talentUserId: string | null;
}

/**
 * Who may download the files attached to a billing's lines: the talent whose billing it
 * is. The company side (members of the company that handles the billing, with billing
 * read permission) will read them once its billing pages exist: that branch is
 * added here, with its tests, together with those pages; every download already asks
 * this one function (findBillingAttachment).
 */
export function mayReadBillingAttachment(reader: AttachmentReader, owner: AttachmentOwner): boolean {
  return owner.talentUserId !== null && owner.talentUserId === reader.userId;
}
