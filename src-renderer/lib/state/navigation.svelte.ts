import type { ScreenDefinition } from '../screens';

const PREFIX = '#/';

/**
 * Which screen is shown, kept in the URL fragment (`#/<id>`) so the nav items are real links and
 * back/forward work. An unknown or unbuilt screen falls back to the first one.
 */
export class NavigationState {
  readonly #screens: () => readonly [ScreenDefinition, ...ScreenDefinition[]];
  #hash = $state(window.location.hash);
  readonly current: ScreenDefinition = $derived(this.#resolve(this.#hash));

  /** `screens` may be a function of reactive state (the admin page appears once the server says so). */
  constructor(
    screens:
      | readonly [ScreenDefinition, ...ScreenDefinition[]]
      | (() => readonly [ScreenDefinition, ...ScreenDefinition[]]),
  ) {
    this.#screens = typeof screens === 'function' ? screens : () => screens;
  }

  /** Follows the fragment; returns the function that stops. */
  start(): () => void {
    const onHashChange = (): void => {
      this.#hash = window.location.hash;
    };
    window.addEventListener('hashchange', onHashChange);
    onHashChange();
    return () => window.removeEventListener('hashchange', onHashChange);
  }

  /** Shows a screen by id, as following its link would. */
  show(id: string): void {
    window.location.hash = PREFIX + id;
  }

  #resolve(hash: string): ScreenDefinition {
    // A screen may route inside its fragment (`#/history/<uniqueid>`): the first part names the screen.
    const id = hash.startsWith(PREFIX) ? (hash.slice(PREFIX.length).split('/')[0] ?? '') : '';
    const screens = this.#screens();
    return screens.find((screen) => screen.id === id) ?? screens[0];
  }
}

export function screenHref(screen: ScreenDefinition): string {
  return PREFIX + screen.id;
}
