/**
 * Every text a person can see or hear on the page as it is now: each shown element's own text and its whole
 * text, the texts of accessible names and descriptions (aria-label, title, placeholder, alt…), and the page's
 * title. Visually hidden text counts (a screen reader reads it); `display: none` does not.
 *
 * `collectPageTexts` runs inside the page (`page.evaluate(collectPageTexts)`): it must stay self-contained.
 */
export function collectPageTexts(): string[] {
  const ATTRIBUTES = [
    'aria-label',
    'aria-description',
    'aria-roledescription',
    'aria-valuetext',
    'aria-placeholder',
    'title',
    'placeholder',
    'alt',
  ];
  const texts = new Set<string>([document.title]);
  for (const element of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName)) continue;
    if (element.getClientRects().length === 0 && element.tagName !== 'OPTION') continue;
    for (const attribute of ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value) texts.add(value);
    }
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('');
    if (own.trim()) texts.add(own);
    const whole = element.textContent ?? '';
    if (whole.trim() && whole.length < 400) texts.add(whole);
  }
  return [...texts];
}
