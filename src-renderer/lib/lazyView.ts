/**
 * A screen loaded on demand: `lazyView(() => import('../views/HistoryView.svelte'))` is a component that
 * imports its view the first time it is shown (each later time from the module cache), so screens other
 * than the first are split out of the first screen's bundle. The view takes no props, as screens do.
 */
import type { Component } from 'svelte';
import LazyView from '../components/LazyView.svelte';

export function lazyView(importView: () => Promise<{ default: Component }>): Component {
  let loaded: Promise<Component> | undefined;
  const load = () =>
    (loaded ??= importView().then(
      (module) => module.default,
      (error: unknown) => {
        // A failed load is tried again the next time the screen is shown.
        loaded = undefined;
        throw error;
      },
    ));
  return ((anchor, props) => LazyView(anchor, { ...props, load })) as Component;
}
