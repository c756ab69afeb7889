/**
 * Finds text a person cannot read whole on the page as it is laid out now: text clipped by its own box or an
 * ancestor's (overflow hidden or clip, line clamps), text spilling out of its box, text pushed out of the
 * window with no way to scroll to it, and text boxes drawn over one another. Text inside a scrollable box
 * counts where it can be scrolled to; visually hidden text (screen-reader only) is skipped. An intended
 * ellipsis is allowed when the element (or one close above it) has a `title` giving the whole text.
 *
 * `findLayoutProblems` runs inside the page (`page.evaluate(findLayoutProblems)`): it must stay
 * self-contained, with no imports and nothing from its module's scope.
 */
export function findLayoutProblems(): string[] {
  const SLACK = 1; // sub-pixel rounding
  const OVERLAP = 2; // a shared edge or an accent's overhang is not an overlap
  const problems: string[] = [];

  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const box = (rect: DOMRect | Box): Box => ({
    left: rect.left,
    top: rect.top,
    right: rect.right,
    bottom: rect.bottom,
  });
  const intersect = (a: Box, b: Box): Box | undefined => {
    const result = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return result.right - result.left > 0 && result.bottom - result.top > 0 ? result : undefined;
  };
  const clips = (value: string): boolean => value === 'hidden' || value === 'clip';
  const scrolls = (value: string): boolean => value === 'auto' || value === 'scroll';
  const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

  function describe(element: Element, text: string): string {
    const tag = element.tagName.toLowerCase();
    const role = element.getAttribute('role');
    const label = element.closest('[aria-label]')?.getAttribute('aria-label');
    const short = text.length > 70 ? `${text.slice(0, 67)}…` : text;
    return `<${tag}${role ? ` role=${role}` : ''}> "${short}"${label ? ` (in "${label}")` : ''}`;
  }

  /** Screen-reader-only text, closed details, `hidden`: not drawn for a sighted person. */
  function notDrawn(element: Element): boolean {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
        return true;
      if (style.clip !== 'auto' && style.clip !== '') return true;
      if (style.clipPath !== 'none') return true;
      const rect = node.getBoundingClientRect();
      if (style.display !== 'contents' && (rect.width <= 1 || rect.height <= 1)) return true;
      if (node.tagName === 'SELECT' || node.tagName === 'OPTION' || node.tagName === 'TEMPLATE') return true;
    }
    return false;
  }

  /** The whole text given elsewhere for an intended ellipsis: a `title` on the element or close above it. */
  function titled(element: Element, text: string): boolean {
    let node: Element | null = element;
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const title = node.getAttribute('title');
      if (title && squash(title).includes(text)) return true;
    }
    return false;
  }

  const ellipsis = (style: CSSStyleDeclaration): boolean =>
    style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');

  interface TextBox {
    element: Element;
    text: string;
    /** The drawn line boxes of its text, cut to what its clipping and scrolling ancestors show. */
    rects: Box[];
    /** The element a positioned overlay (popover, dialog, absolutely placed badge) starts at, if any. */
    layer: Element | null;
  }
  const texts: TextBox[] = [];
  const viewport: Box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const byElement = new Map<Element, Text[]>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim()) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
    byElement.set(parent, [...(byElement.get(parent) ?? []), node as Text]);
  }

  for (const [element, nodes] of byElement) {
    if (notDrawn(element)) continue;
    const text = squash(nodes.map((node) => node.textContent ?? '').join(' '));
    const style = getComputedStyle(element);
    const allowed = ellipsis(style) && titled(element, text);

    // 1. Its own box hides part of its text (overflow hidden or clip, text-overflow, line clamp).
    if (style.display !== 'inline' && style.display !== 'contents' && !allowed) {
      if (clips(style.overflowX) && element.scrollWidth > element.clientWidth + SLACK) {
        problems.push(
          `clipped: ${describe(element, text)}: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
        );
      } else if (clips(style.overflowY) && element.scrollHeight > element.clientHeight + SLACK) {
        problems.push(
          `clipped: ${describe(element, text)}: ${element.scrollHeight}px of lines in ${element.clientHeight}px`,
        );
      }
    }

    // The text's own line boxes.
    const range = document.createRange();
    const lines: Box[] = [];
    for (const node of nodes) {
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) lines.push(box(rect));
    }
    if (lines.length === 0) continue;

    // 2. Text spilling out of its own (block) box.
    if (style.display !== 'inline' && style.display !== 'contents' && !clips(style.overflowX)) {
      const own = element.getBoundingClientRect();
      const spill = lines.some((line) => line.right > own.right + SLACK || line.left < own.left - SLACK);
      if (spill && !scrolls(style.overflowX)) {
        problems.push(`spills out of its box: ${describe(element, text)}`);
      }
    }

    // 3. Clipped by an ancestor, or outside the window with nothing to scroll; the visible parts kept.
    let visible = lines;
    let layer: Element | null = null;
    for (
      let node = element.parentElement;
      node && node !== document.documentElement;
      node = node.parentElement
    ) {
      const ancestor = getComputedStyle(node);
      if (
        !layer &&
        (ancestor.position === 'fixed' || ancestor.position === 'absolute' || node.tagName === 'DIALOG')
      ) {
        layer = node;
      }
      const hidesX = clips(ancestor.overflowX);
      const hidesY = clips(ancestor.overflowY);
      if (!hidesX && !hidesY && !scrolls(ancestor.overflowX) && !scrolls(ancestor.overflowY)) continue;
      const edge = box(node.getBoundingClientRect());
      const cut = visible.some(
        (line) =>
          (hidesX && (line.left < edge.left - SLACK || line.right > edge.right + SLACK)) ||
          (hidesY && (line.top < edge.top - SLACK || line.bottom > edge.bottom + SLACK)),
      );
      if (cut && !(ellipsis(ancestor) && titled(node, text)) && !allowed) {
        problems.push(`clipped by <${node.tagName.toLowerCase()}>: ${describe(element, text)}`);
        break;
      }
      visible = visible.map((line) => intersect(line, edge)).filter((line): line is Box => !!line);
    }
    const page = document.scrollingElement ?? document.documentElement;
    const reachable = page.scrollWidth > innerWidth ? undefined : viewport;
    if (reachable && visible.some((line) => line.right > viewport.right + SLACK || line.left < -SLACK)) {
      problems.push(`outside the window: ${describe(element, text)}`);
    }
    visible = visible
      .map((line) => intersect(line, { ...viewport, bottom: Infinity }))
      .filter((line): line is Box => !!line);
    if (visible.length > 0) texts.push({ element, text, rects: visible, layer });
  }

  // 4. Text drawn over other text: in the same layer, or siblings whatever their layers.
  texts.sort((a, b) => a.rects[0]!.top - b.rects[0]!.top);
  for (let i = 0; i < texts.length; i++) {
    const a = texts[i]!;
    const aBottom = Math.max(...a.rects.map((rect) => rect.bottom));
    for (let j = i + 1; j < texts.length; j++) {
      const b = texts[j]!;
      if (b.rects[0]!.top >= aBottom) break;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const siblings = a.element.parentElement === b.element.parentElement;
      if (a.layer !== b.layer && !siblings) continue;
      const hit = a.rects.some((ra) =>
        b.rects.some((rb) => {
          const shared = intersect(ra, rb);
          return shared && shared.right - shared.left > OVERLAP && shared.bottom - shared.top > OVERLAP;
        }),
      );
      if (hit) problems.push(`overlaps: ${describe(a.element, a.text)} and ${describe(b.element, b.text)}`);
    }
  }

  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > innerWidth + SLACK) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth}px wide in a ${innerWidth}px window`);
  }
  return problems;
}
