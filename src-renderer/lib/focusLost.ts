/**
 * Whether nothing the agent can use has the keyboard: the focus is on the page itself, or on a control that
 * was just disabled or removed (the button that sent an action waits, then goes). A screen may then move the
 * focus to what comes next without taking it from anywhere the agent chose.
 */
export function focusIsLost(document: Document = globalThis.document): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return active instanceof HTMLButtonElement && active.disabled;
}
