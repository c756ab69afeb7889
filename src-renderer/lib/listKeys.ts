/** Arrow keys, Home and End move the focus between the items of a list (Tab still visits each of them). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Handles a keydown inside `container`: moves the focus among the elements matching `selector`. */
export function moveFocusInList(event: KeyboardEvent, container: HTMLElement, selector: string): void {
  const move = KEY_MOVES[event.key];
  if (!move) return;
  const items = [...container.querySelectorAll<HTMLElement>(selector)];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  items[move(index, items.length)]?.focus();
}
