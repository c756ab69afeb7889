/**
 * A translated sentence with markup inside it (a link, a number in bold): the sentence stays one message
 * for the translator, with a placeholder where the markup goes, and is split there for the template.
 */

/** A character no message contains, handed in as the placeholder's value. */
const SLOT = '\u2063';

/** The text before and after the placeholder; everything before it when the message lacks it. */
export function aroundSlot(render: (slot: string) => string): [before: string, after: string] {
  const text = render(SLOT);
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
