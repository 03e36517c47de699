const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The talent profile creation input: the profile name is left blank when the name
 * we have looks like an e-mail address (providers often put the e-mail in `name`).
 */
export function initialProfileName(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return EMAIL_LIKE.test(trimmed) ? '' : trimmed;
}
