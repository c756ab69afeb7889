/** Text made safe to place in HTML, element content or a quoted attribute alike. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
