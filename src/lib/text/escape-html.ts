/** Text made safe to place in HTML (content or a quoted attribute): the five special characters as numeric references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
