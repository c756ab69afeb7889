/**
 * Where a long e-mail or web address may wrap: before the `@`, before each dot of the domain and after each
 * `/` of a path. Without these the browser breaks an address wherever the line ends, mid-word
 * (`jana.novak@sez` / `nam.cz`). A number has its spaces and needs none.
 */
export function addressParts(text: string): string[] {
  if (/\s/.test(text)) return [text];
  const at = text.indexOf('@');
  const domainStart = at >= 0 ? at : (/^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0].length ?? -1);
  if (domainStart < 0) return [text];
  const parts: string[] = [];
  let start = 0;
  for (let index = domainStart; index < text.length; index++) {
    const character = text[index];
    const breakBefore = (character === '@' || character === '.') && index > start;
    const breakAfter = character === '/' && index + 1 < text.length;
    if (breakBefore) {
      parts.push(text.slice(start, index));
      start = index;
    } else if (breakAfter) {
      parts.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
